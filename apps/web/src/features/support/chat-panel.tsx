import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session-store.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { useApiClient } from '../../lib/api-context.tsx';
import { fetchChatUnread } from './api/chat-unread.ts';
import { CHAT_PAGE_PATH, CHAT_PARENT_MESSAGES } from './chat-frame-messages.ts';
import { hasChatIdentity } from './guest-token.ts';
import './chat-panel.css';

/** How often the launcher asks for unread replies while the chat is not loaded in the panel. */
const UNREAD_POLL_MS = 60_000;

/**
 * The desktop chat panel: a floating button with a dot for unread replies, and the chat page in
 * an iframe. Collapsing hides the panel but keeps the iframe, so its socket stays up and it keeps
 * reporting unread replies; before the first opening the count is asked for now and then.
 */
export function ChatPanel() {
  const { t } = useTranslation('web');
  const api = useApiClient();
  const [open, setOpen] = useState(false);
  const isLogin = useSession((session) => session.isLogin);
  // The iframe is created at the first opening and kept from then on.
  const [loaded, setLoaded] = useState(open);
  if (open && !loaded) setLoaded(true);
  const [unread, setUnread] = useState(0);
  const frameRef = useRef<HTMLIFrameElement>(null);

  // Before the iframe exists, the count comes from the API (only for a visitor who has a chat).
  useEffect(() => {
    if (loaded) return undefined;
    let stopped = false;
    const poll = () => {
      if (!hasChatIdentity()) return;
      fetchChatUnread(api)
        .then((answer) => {
          if (!stopped) setUnread(answer.unread);
        })
        .catch(() => undefined);
    };
    poll();
    const timer = setInterval(poll, UNREAD_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [api, loaded, isLogin]);

  // On desktop every link of the site to the chat page opens the panel instead; a click with a
  // modifier key still opens the page (in a new tab). Listening in the capture phase on the
  // document runs before the router's own handler, which then leaves the click alone.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      if (!window.matchMedia('(min-width: 768px)').matches) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || new URL((link as HTMLAnchorElement).href).pathname !== CHAT_PAGE_PATH) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  // The page in the iframe reports its unread count and asks to be closed.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if (event.source !== frameRef.current?.contentWindow) return;
      const data = event.data as { type?: unknown; unread?: unknown } | null;
      if (data?.type === CHAT_PARENT_MESSAGES.unread && typeof data.unread === 'number') {
        setUnread(data.unread);
      } else if (data?.type === CHAT_PARENT_MESSAGES.close) {
        setOpen(false);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // The page marks replies read only while the panel is open.
  const tellVisible = () => {
    frameRef.current?.contentWindow?.postMessage(
      { type: CHAT_PARENT_MESSAGES.visible, visible: open },
      window.location.origin,
    );
  };
  useEffect(tellVisible);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const unreadLabel = t('chat.unreadCount', { count: unread });
  return (
    <>
      {!open ? (
        <button
          type="button"
          className="chat-launcher"
          onClick={() => setOpen(true)}
          aria-label={unread > 0 ? `${t('chat.launcher')} (${unreadLabel})` : t('chat.launcher')}
          data-testid="chat-launcher"
        >
          <Icon name="headset" size={26} />
          {unread > 0 ? (
            <span className="chat-launcher__dot" data-testid="chat-launcher-dot">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </button>
      ) : null}
      {loaded ? (
        <section
          className={open ? 'chat-panel is-open' : 'chat-panel'}
          aria-label={t('chat.title')}
          aria-hidden={!open}
          data-testid="chat-panel"
        >
          <iframe
            // A new session (login or logout) is a different visitor: the page starts over.
            key={String(isLogin)}
            ref={frameRef}
            className="chat-panel__frame"
            src={CHAT_PAGE_PATH}
            title={t('chat.title')}
            onLoad={tellVisible}
          />
        </section>
      ) : null}
    </>
  );
}
