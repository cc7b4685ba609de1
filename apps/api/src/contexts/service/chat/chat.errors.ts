import { defineErrorCodes } from '@lobby/contracts';

/** Online customer service: the visitor's and the operators' sides of a chat. */
export const CHAT_ERRORS = defineErrorCodes({
  /** A guest call without a member session needs the guest's chat token, and it is not valid. */
  chat_guest_token: 401,
  /** The WebSocket ticket is unknown, used already or expired: ask for a new one. */
  chat_ticket: 401,
  /** A WebSocket frame other than authentication before the connection is authenticated. */
  chat_auth_required: 401,
  /** No such conversation of this visitor (or, for operators, at all). */
  chat_conversation_not_found: 404,
  /** The conversation is closed: it takes no more messages. */
  chat_conversation_closed: 409,
  /** A message with nothing in it once trimmed. */
  chat_message_empty: 400,
  /** More than `{{max}}` characters. */
  chat_message_too_long: 400,
  /** The sender's message id is missing or not 8-64 letters, digits, `-` or `_`. */
  chat_client_message_id: 400,
  /** A WebSocket frame that is not JSON or not a known frame. */
  chat_frame_invalid: 400,
  /** A WebSocket frame over the size limit. */
  chat_frame_too_large: 413,
  /** Too many frames on this connection: wait a moment. */
  chat_rate_limited: 429,
  /** Another operator took the conversation first. */
  chat_already_taken: 409,
  /** Only the operator who took the conversation may write in it (take it first). */
  chat_not_assigned: 403,
  /** No such canned reply. */
  chat_canned_not_found: 404,
  /** A brand keeps at most `{{max}}` canned replies per language. */
  chat_canned_limit: 409,
  /** The operator to transfer to must be another active operator answering chats in the brand. */
  chat_transfer_target: 400,
});
