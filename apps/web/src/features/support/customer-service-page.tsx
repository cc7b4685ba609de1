import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ChatConversation, ChatMessage } from '@lobby/contracts';
import { BrandMark } from '../../components/ui/brand-mark.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { useBrand } from '../../lib/brand-context.tsx';
import type { ConnectionState } from './chat-connection.ts';
import { CHAT_PARENT_MESSAGES } from './chat-frame-messages.ts';
import { idAfter, useChat, type PendingMessage } from './use-chat.ts';
import './chat.css';

/** True inside the site's chat panel (an iframe of the same origin). */
function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/** Whether the visitor can see the chat: the panel is open (told by the site) and the tab shown. */
function useVisible(embedded: boolean): boolean {
  const [panelOpen, setPanelOpen] = useState(true);
  const [pageShown, setPageShown] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const onVisibility = () => setPageShown(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    if (!embedded) {
      return () => document.removeEventListener('visibilitychange', onVisibility);
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown; visible?: unknown } | null;
      if (data?.type === CHAT_PARENT_MESSAGES.visible && typeof data.visible === 'boolean') {
        setPanelOpen(data.visible);
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('message', onMessage);
    };
  }, [embedded]);
  return panelOpen && pageShown;
}

function timeOf(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
}

function statusText(
  t: TFunction<'web'>,
  connection: ConnectionState,
  conversation: ChatConversation | null,
): string {
  if (connection !== 'online') return t(`chat.connection.${connection}`);
  if (!conversation) return t('chat.status.ready');
  if (conversation.status === 'open') {
    return t('chat.status.open', { name: conversation.operatorName ?? '' });
  }
  return t(`chat.status.${conversation.status}`);
}

/**
 * The text of a system message: its body names the event (an operator joined, the operator
 * closed, or the idle sweep ended the conversation), and the texts come in the page's language.
 */
export function systemText(message: Pick<ChatMessage, 'body' | 'operatorName'>): {
  key: 'chat.system.joined' | 'chat.system.idle' | 'chat.system.closed';
  options: { name?: string };
} {
  if (message.body === 'joined') {
    return { key: 'chat.system.joined', options: { name: message.operatorName ?? '' } };
  }
  return { key: message.body === 'idle' ? 'chat.system.idle' : 'chat.system.closed', options: {} };
}

function MessageBubble({
  message,
  language,
  readByOperator,
}: {
  message: ChatMessage;
  language: string;
  readByOperator: boolean;
}) {
  const { t } = useTranslation('web');
  if (message.sender === 'system') {
    const text = systemText(message);
    return (
      <li className="chat-line chat-line--system" data-testid="chat-system">
        <span>{t(text.key, text.options)}</span>
      </li>
    );
  }
  const mine = message.sender === 'visitor';
  return (
    <li
      className={mine ? 'chat-line chat-line--mine' : 'chat-line chat-line--theirs'}
      data-testid={mine ? 'chat-mine' : 'chat-theirs'}
    >
      {!mine ? (
        <span className="chat-line__who">{message.operatorName ?? t('chat.agent')}</span>
      ) : null}
      <div className="chat-bubble">
        {message.image ? (
          <a
            href={message.image.url}
            target="_blank"
            rel="noreferrer"
            className="chat-bubble__image"
          >
            <img src={message.image.url} alt={t('chat.imageAlt')} loading="lazy" />
          </a>
        ) : (
          <p className="chat-bubble__text">{message.body}</p>
        )}
      </div>
      <span className="chat-line__meta">
        {timeOf(message.createdAt, language)}
        {mine ? ` · ${readByOperator ? t('chat.read') : t('chat.delivered')}` : null}
      </span>
    </li>
  );
}

function PendingBubble({
  message,
  onRetry,
  onDiscard,
}: {
  message: PendingMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('web');
  return (
    <li className="chat-line chat-line--mine chat-line--pending" data-testid="chat-pending">
      <div className="chat-bubble">
        <p className="chat-bubble__text">{message.body}</p>
      </div>
      {message.error ? (
        <span className="chat-line__meta chat-line__meta--error">
          {message.error}
          <button type="button" className="text-link" onClick={onRetry}>
            {t('chat.retry')}
          </button>
          <button type="button" className="text-link" onClick={onDiscard}>
            {t('chat.discard')}
          </button>
        </span>
      ) : (
        <span className="chat-line__meta">{t('chat.sending')}</span>
      )}
    </li>
  );
}

/**
 * /iframeCustomerService (stand-alone, no site layout): the online customer service chat. The
 * site shows it in a panel (an iframe) on desktop and opens it as a page on phones; inside the
 * panel it tells the site how many replies are unread and asks it to close the panel.
 */
export function CustomerServicePage() {
  const { t, i18n } = useTranslation('web');
  const brand = useBrand();
  const navigate = useNavigate();
  const [embedded] = useState(isEmbedded);
  const visible = useVisible(embedded);
  const chat = useChat(visible);
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);

  // The site's launcher shows the unread count while the panel is collapsed.
  useEffect(() => {
    if (!embedded) return;
    window.parent.postMessage(
      { type: CHAT_PARENT_MESSAGES.unread, unread: chat.unread },
      window.location.origin,
    );
  }, [embedded, chat.unread]);

  // New messages scroll into view.
  const lastKey = `${chat.messages.at(-1)?.id ?? ''}:${chat.pending.length}:${chat.operatorTyping}`;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lastKey]);

  const back = () => {
    if (embedded) {
      window.parent.postMessage({ type: CHAT_PARENT_MESSAGES.close }, window.location.origin);
    } else if (window.history.length > 1) {
      void navigate(-1);
    } else {
      void navigate('/home');
    }
  };

  const submit = () => {
    if (chat.sendText(draft)) setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const onDraft = (value: string) => {
    setDraft(value);
    const now = Date.now();
    if (value.trim() !== '' && now - lastTyping.current > 2_000) {
      lastTyping.current = now;
      chat.typing();
    }
  };

  const { conversation, connection } = chat;
  const closed = conversation?.status === 'closed';
  const operatorReadId = conversation?.operatorReadId ?? '0';

  return (
    <div className={embedded ? 'chat-page chat-page--embedded' : 'chat-page'}>
      <header className="chat-page__bar">
        <button
          type="button"
          className="icon-button"
          onClick={back}
          aria-label={embedded ? t('chat.minimize') : t('common.back')}
        >
          <Icon name={embedded ? 'close' : 'chevronLeft'} size={22} />
        </button>
        <BrandMark name={brand.siteName} size={34} />
        <div className="chat-page__heading">
          <h1 className="chat-page__title">
            {brand.siteName} · {t('chat.title')}
          </h1>
          <p className="chat-page__status" data-testid="chat-status" data-state={connection}>
            <span className={`chat-dot chat-dot--${connection}`} aria-hidden="true" />
            {statusText(t, connection, conversation)}
          </p>
        </div>
      </header>

      <ol className="chat-page__list" ref={listRef} aria-live="polite" data-testid="chat-list">
        {chat.hasOlder ? (
          <li className="chat-line chat-line--system">
            <button type="button" className="text-link" onClick={() => void chat.loadOlder()}>
              {t('chat.older')}
            </button>
          </li>
        ) : null}
        {chat.messages.length === 0 && chat.pending.length === 0 ? (
          <li className="chat-welcome">
            <Icon name="headset" size={36} />
            <p>{t('chat.welcome', { siteName: brand.siteName })}</p>
          </li>
        ) : null}
        {chat.messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            language={i18n.language}
            readByOperator={!idAfter(message.id, operatorReadId)}
          />
        ))}
        {chat.pending.map((message) => (
          <PendingBubble
            key={message.clientMessageId}
            message={message}
            onRetry={() => chat.retry(message.clientMessageId)}
            onDiscard={() => chat.discard(message.clientMessageId)}
          />
        ))}
        {chat.operatorTyping ? (
          <li className="chat-line chat-line--theirs chat-line--typing">{t('chat.typing')}</li>
        ) : null}
      </ol>

      {chat.notice ? (
        <p className="chat-page__notice" role="alert">
          {chat.notice}
          <button
            type="button"
            className="icon-button"
            onClick={chat.clearNotice}
            aria-label={t('chat.dismiss')}
          >
            <Icon name="close" size={16} />
          </button>
        </p>
      ) : null}

      {closed ? (
        <div className="chat-page__closed" data-testid="chat-closed">
          <p>{t('chat.closedHint')}</p>
          <button type="button" className="btn btn--primary btn--sm" onClick={chat.startAgain}>
            {t('chat.startAgain')}
          </button>
        </div>
      ) : (
        <form
          className="chat-composer"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <button
            type="button"
            className="icon-button chat-composer__image"
            aria-label={t('chat.sendImage')}
            disabled={chat.uploading}
            onClick={() => fileRef.current?.click()}
          >
            <Icon name="image" size={22} />
          </button>
          <input
            ref={fileRef}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            hidden
            data-testid="chat-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void chat.sendImage(file);
            }}
          />
          <textarea
            className="chat-composer__input"
            rows={1}
            value={draft}
            maxLength={1000}
            placeholder={t('chat.placeholder')}
            aria-label={t('chat.placeholder')}
            onChange={(event) => onDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button
            type="submit"
            className="btn btn--primary btn--sm chat-composer__send"
            disabled={draft.trim() === ''}
          >
            {t('chat.send')}
          </button>
        </form>
      )}
    </div>
  );
}
