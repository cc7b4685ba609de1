import { CHAT_MESSAGE_MAX_CHARS, chatClientMessageIdSchema } from '@lobby/contracts';
import { appError } from '../../../lib/app-error.ts';
import { CHAT_ERRORS } from './chat.errors.ts';

/** What either side sends: the checks of a message's text and client id, and paging input. */

/** Text of a message: trimmed, not empty, at most CHAT_MESSAGE_MAX_CHARS code points. */
export function checkedText(body: string): string {
  const text = body.trim();
  if (text === '') throw appError(CHAT_ERRORS, 'chat_message_empty');
  if ([...text].length > CHAT_MESSAGE_MAX_CHARS) {
    throw appError(CHAT_ERRORS, 'chat_message_too_long', {
      params: { max: CHAT_MESSAGE_MAX_CHARS },
    });
  }
  return text;
}

export function checkedClientMessageId(id: string): string {
  if (!chatClientMessageIdSchema.safeParse(id).success) {
    throw appError(CHAT_ERRORS, 'chat_client_message_id');
  }
  return id;
}

/** A page of messages: before or after a message id, at most `limit`. */
export type Page = { before?: string | undefined; after?: string | undefined; limit: number };

/** An optional id from the wire as a bigint. */
export function optionalBigint(value: string | undefined): bigint | undefined {
  return value === undefined ? undefined : BigInt(value);
}
