import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHAT_SOCKET_PATH,
  UPLOAD_IMAGE_LIMIT_BYTES,
  UPLOAD_IMAGE_TYPES,
  type ChatConversation,
  type ChatMessage,
  type ChatServerFrame,
} from '@lobby/contracts';
import { ApiError } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-context.tsx';
import { fetchChatHistory } from './api/chat-history.ts';
import { markChatRead } from './api/mark-chat-read.ts';
import { sendChatImage } from './api/send-chat-image.ts';
import { startChat } from './api/start-chat.ts';
import { ChatConnection, chatSocketUrl, type ConnectionState } from './chat-connection.ts';
import { markChatUsed, storeGuestToken } from './guest-token.ts';

/** A message written here and not yet confirmed by the server (or refused: `error`). */
export type PendingMessage = { clientMessageId: string; body: string; error: string | null };

/** Database ids as decimal strings: compared by length first, then by text. */
export function idAfter(a: string, b: string): boolean {
  return a.length !== b.length ? a.length > b.length : a > b;
}

function newClientMessageId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `w${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Messages merged by id, oldest first. */
function merge(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) =>
    idAfter(a.id, b.id) ? 1 : idAfter(b.id, a.id) ? -1 : 0,
  );
}

const TYPING_SHOWN_MS = 4_000;

/**
 * The visitor's chat: the connection, the conversation and its messages, messages waiting to be
 * confirmed, and the read mark. After every (re)connection it fetches what arrived since the last
 * message seen and resends what was not confirmed, with the same client message ids, so nothing
 * is lost or doubled. `visible` says whether the visitor can see the chat now (the panel is open):
 * only then are replies marked read.
 */
export function useChat(visible: boolean) {
  const api = useApiClient();
  const { t, i18n } = useTranslation('web');
  const [conversation, setConversation] = useState<ChatConversation | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  const [hasOlder, setHasOlder] = useState(false);
  const [operatorTyping, setOperatorTyping] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const conversationRef = useRef<ChatConversation | null>(null);
  const messagesRef = useRef<ChatMessage[]>([]);
  const pendingRef = useRef<PendingMessage[]>([]);
  /** After "start again" the closed conversation the server still names is not shown. */
  const startedAgainRef = useRef(false);
  const connectionRef = useRef<ChatConnection | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const showConversation = useCallback((next: ChatConversation | null) => {
    if (next && !conversationRef.current) markChatUsed();
    conversationRef.current = next;
    setConversation(next);
  }, []);
  const showMessages = useCallback((next: ChatMessage[]) => {
    messagesRef.current = next;
    setMessages(next);
  }, []);
  const showPending = useCallback((next: PendingMessage[]) => {
    pendingRef.current = next;
    setPending(next);
  }, []);

  const errorText = useCallback(
    (error: unknown) => (error instanceof ApiError ? error.message : t('chat.sendFailed')),
    [t],
  );

  /** Loads a conversation's latest page, replacing what is shown. */
  const loadLatest = useCallback(
    async (conversationId: string) => {
      const page = await fetchChatHistory(api, { conversationId });
      showConversation(page.conversation);
      showMessages(page.messages);
      setHasOlder(page.hasMore);
    },
    [api, showConversation, showMessages],
  );

  /** Fetches everything after the last message seen (several pages if need be). */
  const catchUp = useCallback(
    async (conversationId: string) => {
      let after = messagesRef.current.at(-1)?.id;
      for (;;) {
        const page = await fetchChatHistory(api, { conversationId, after, limit: 100 });
        showConversation(page.conversation);
        showMessages(merge(messagesRef.current, page.messages));
        if (!page.hasMore || page.messages.length === 0) return;
        after = page.messages.at(-1)?.id;
      }
    },
    [api, showConversation, showMessages],
  );

  const liveConversationId = useCallback((): string | undefined => {
    const current = conversationRef.current;
    return current && current.status !== 'closed' ? current.id : undefined;
  }, []);

  const resendPending = useCallback(() => {
    const conversationId = liveConversationId();
    for (const message of pendingRef.current) {
      if (message.error) continue;
      connectionRef.current?.send({
        type: 'send',
        clientMessageId: message.clientMessageId,
        body: message.body,
        ...(conversationId ? { conversationId } : {}),
      });
    }
  }, [liveConversationId]);

  const onFrame = useCallback(
    (frame: ChatServerFrame) => {
      const current = conversationRef.current;
      switch (frame.type) {
        case 'ready': {
          const named = frame.conversation;
          const sync = async () => {
            if (named && !(startedAgainRef.current && named.status === 'closed')) {
              if (current?.id === named.id && messagesRef.current.length > 0) {
                await catchUp(named.id);
              } else {
                await loadLatest(named.id);
              }
            }
            resendPending();
          };
          sync().catch(() => setNotice(t('chat.syncFailed')));
          return;
        }
        case 'sent':
        case 'message': {
          const { message } = frame;
          if (frame.type === 'sent') {
            showPending(
              pendingRef.current.filter((item) => item.clientMessageId !== frame.clientMessageId),
            );
          }
          if (current && current.id !== message.conversationId) {
            // A message of another conversation: the new one after "start again" or a close.
            if (current.status !== 'closed' && frame.conversation.status !== 'closed') return;
            startedAgainRef.current = false;
            showMessages([message]);
            showConversation(frame.conversation);
            void loadLatest(message.conversationId).catch(() => undefined);
            return;
          }
          if (!current) startedAgainRef.current = false;
          showConversation(frame.conversation);
          showMessages(merge(messagesRef.current, [message]));
          if (message.sender === 'operator') setOperatorTyping(false);
          return;
        }
        case 'conversation':
          if (current?.id === frame.conversation.id) showConversation(frame.conversation);
          return;
        case 'read':
          if (current?.id !== frame.conversationId) return;
          showConversation(
            frame.side === 'operator'
              ? { ...current, operatorReadId: frame.lastId }
              : { ...current, visitorReadId: frame.lastId },
          );
          return;
        case 'typing':
          if (frame.side !== 'operator' || current?.id !== frame.conversationId) return;
          setOperatorTyping(true);
          clearTimeout(typingTimer.current);
          typingTimer.current = setTimeout(() => setOperatorTyping(false), TYPING_SHOWN_MS);
          return;
        case 'error':
          if (frame.clientMessageId) {
            showPending(
              pendingRef.current.map((item) =>
                item.clientMessageId === frame.clientMessageId
                  ? { ...item, error: frame.message }
                  : item,
              ),
            );
          } else if (frame.code !== 'chat_ticket') {
            setNotice(frame.message);
          }
          return;
        case 'pong':
          return;
      }
    },
    [catchUp, loadLatest, resendPending, showConversation, showMessages, showPending, t],
  );

  // One connection for the page's life; the frame handler is read through a ref so it may change.
  const onFrameRef = useRef(onFrame);
  onFrameRef.current = onFrame;
  useEffect(() => {
    const connection = new ChatConnection({
      url: chatSocketUrl(CHAT_SOCKET_PATH, i18n.language),
      getTicket: async () => {
        const started = await startChat(api);
        if (started.guestToken) storeGuestToken(started.guestToken);
        return started.ticket;
      },
      onFrame: (frame) => onFrameRef.current(frame),
      onState: setConnection,
    });
    connectionRef.current = connection;
    connection.start();
    const online = () => connection.retryNow();
    window.addEventListener('online', online);
    // Lets a test (or a curious developer) cut the socket the way a network failure would.
    (window as unknown as { __lobbyChatDrop?: () => void }).__lobbyChatDrop = () =>
      connection.drop();
    return () => {
      window.removeEventListener('online', online);
      connection.stop();
      connectionRef.current = null;
      clearTimeout(typingTimer.current);
    };
    // The language only names the error texts' language; a change keeps the connection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api]);

  const sendText = useCallback(
    (text: string): boolean => {
      const body = text.trim();
      if (body === '') return false;
      const message: PendingMessage = { clientMessageId: newClientMessageId(), body, error: null };
      showPending([...pendingRef.current, message]);
      const conversationId = liveConversationId();
      // Offline, the message waits in the list and goes out once the socket is back.
      connectionRef.current?.send({
        type: 'send',
        clientMessageId: message.clientMessageId,
        body,
        ...(conversationId ? { conversationId } : {}),
      });
      return true;
    },
    [liveConversationId, showPending],
  );

  const retry = useCallback(
    (clientMessageId: string) => {
      showPending(
        pendingRef.current.map((item) =>
          item.clientMessageId === clientMessageId ? { ...item, error: null } : item,
        ),
      );
      resendPending();
    },
    [resendPending, showPending],
  );

  const discard = useCallback(
    (clientMessageId: string) =>
      showPending(pendingRef.current.filter((item) => item.clientMessageId !== clientMessageId)),
    [showPending],
  );

  const sendImage = useCallback(
    async (file: File) => {
      if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) {
        setNotice(t('chat.imageType'));
        return;
      }
      if (file.size > UPLOAD_IMAGE_LIMIT_BYTES) {
        setNotice(t('chat.imageSize', { mb: UPLOAD_IMAGE_LIMIT_BYTES / 1024 / 1024 }));
        return;
      }
      setUploading(true);
      try {
        const message = await sendChatImage(api, {
          file,
          clientMessageId: newClientMessageId(),
          conversationId: liveConversationId() ?? null,
        });
        if (conversationRef.current?.id === message.conversationId) {
          showMessages(merge(messagesRef.current, [message]));
        } else {
          startedAgainRef.current = false;
          await loadLatest(message.conversationId);
        }
      } catch (error) {
        setNotice(errorText(error));
      } finally {
        setUploading(false);
      }
    },
    [api, errorText, liveConversationId, loadLatest, showMessages, t],
  );

  const loadOlder = useCallback(async () => {
    const current = conversationRef.current;
    const first = messagesRef.current[0];
    if (!current || !first) return;
    try {
      const page = await fetchChatHistory(api, { conversationId: current.id, before: first.id });
      showMessages(merge(messagesRef.current, page.messages));
      setHasOlder(page.hasMore);
    } catch (error) {
      setNotice(errorText(error));
    }
  }, [api, errorText, showMessages]);

  const startAgain = useCallback(() => {
    startedAgainRef.current = true;
    showConversation(null);
    showMessages([]);
    setHasOlder(false);
  }, [showConversation, showMessages]);

  const typing = useCallback(() => {
    connectionRef.current?.send({ type: 'typing', conversationId: liveConversationId() });
  }, [liveConversationId]);

  const unread = useMemo(() => {
    const mark = conversation?.visitorReadId ?? '0';
    return messages.filter((message) => message.sender !== 'visitor' && idAfter(message.id, mark))
      .length;
  }, [conversation, messages]);

  // Replies the visitor can see are read: the mark moves to the last message.
  const marking = useRef<string | null>(null);
  useEffect(() => {
    const last = messages.at(-1);
    if (!visible || !conversation || !last || unread === 0) return;
    if (last.conversationId !== conversation.id || marking.current === last.id) return;
    if (document.visibilityState === 'hidden') return;
    marking.current = last.id;
    markChatRead(api, { conversationId: conversation.id, lastId: last.id })
      .then((after) => {
        if (conversationRef.current?.id === after.id) {
          showConversation({ ...conversationRef.current, visitorReadId: after.visitorReadId });
        }
      })
      .catch(() => {
        marking.current = null;
      });
  }, [api, conversation, messages, showConversation, unread, visible]);

  return {
    conversation,
    messages,
    pending,
    connection,
    hasOlder,
    operatorTyping,
    notice,
    uploading,
    unread,
    clearNotice: () => setNotice(null),
    sendText,
    sendImage,
    retry,
    discard,
    loadOlder,
    startAgain,
    typing,
  };
}
