/**
 * The messages the site and its chat panel (an iframe of the same origin) exchange with
 * postMessage: the page tells the site its unread count and asks to be closed; the site tells
 * the page whether the panel is open (only then are replies marked read).
 */
export const CHAT_PARENT_MESSAGES = {
  unread: 'lobby-chat:unread',
  close: 'lobby-chat:close',
  visible: 'lobby-chat:visible',
} as const;

/** The stand-alone chat page, which the panel shows in its iframe. */
export const CHAT_PAGE_PATH = '/iframeCustomerService';
