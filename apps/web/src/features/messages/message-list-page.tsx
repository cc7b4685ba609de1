import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CATEGORIES, type MessageCategory } from '@lobby/contracts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useBusinessTime } from '../../components/ui/use-business-time.ts';
import { useDeleteMessages } from './api/delete-messages.ts';
import { useMarkMessagesRead } from './api/mark-messages-read.ts';
import { useMessages } from './api/messages.ts';

type Box = MessageCategory | 'all';
const BOXES: readonly Box[] = ['all', ...MESSAGE_CATEGORIES];
const PAGE_SIZE = 20;

/**
 * /user/message: the member's messages and the site's notices, newest first, by category; unread
 * ones marked. The member can select messages and delete them (after "confirm delete"), or mark
 * every message read.
 */
export function MessageListPage() {
  const { t } = useTranslation('web');
  const time = useBusinessTime();
  const errorText = useErrorText();
  const [box, setBox] = useState<Box>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const messages = useMessages({ category: box, page, pageSize: PAGE_SIZE });
  const markRead = useMarkMessagesRead();
  const remove = useDeleteMessages();
  const items = messages.data?.items ?? [];
  const unread = messages.data?.unread ?? 0;
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const failure = messages.error ?? markRead.error ?? remove.error;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const deleteSelected = () => {
    remove.mutate([...selected], {
      onSuccess: () => {
        setSelected(new Set());
        setConfirming(false);
        showToast(t('messages.deleted'));
      },
      onError: () => setConfirming(false),
    });
  };

  return (
    <div className="page">
      <PageHeader
        icon="message"
        title={t('messages.title')}
        subtitle={t('messages.subtitle')}
        actions={
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={unread === 0 || markRead.isPending}
            onClick={() =>
              markRead.mutate('all', { onSuccess: () => showToast(t('messages.allRead')) })
            }
          >
            <Icon name="check" size={16} />
            {t('messages.markAllRead')}
          </button>
        }
      />
      <Panel>
        <Tabs
          label={t('messages.title')}
          value={box}
          onChange={(next) => {
            setBox(next);
            setPage(1);
            setSelected(new Set());
          }}
          items={BOXES.map((value) => ({ value, label: t(`messages.tabs.${value}`) }))}
        />
        {failure ? <FormAlert>{errorText(failure)}</FormAlert> : null}
        {items.length > 0 ? (
          <div className="message-toolbar">
            <label className="message-toolbar__all">
              <input
                type="checkbox"
                checked={allSelected}
                onChange={() =>
                  setSelected(allSelected ? new Set() : new Set(items.map((item) => item.id)))
                }
              />
              {t('messages.selectAll')}
            </label>
            {unread > 0 ? (
              <span className="message-toolbar__unread">
                {t('messages.unreadCount', { count: unread })}
              </span>
            ) : null}
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={selected.size === 0}
              onClick={() => setConfirming(true)}
            >
              <Icon name="close" size={16} />
              {t('messages.delete')}
              {selected.size > 0 ? ` (${selected.size})` : ''}
            </button>
          </div>
        ) : null}
        {messages.isPending ? (
          <p className="muted message-list__loading">{t('common.loading')}</p>
        ) : items.length === 0 ? (
          <EmptyState
            icon={box === 'notice' ? 'megaphone' : 'message'}
            title={t(`messages.empty.${box}`)}
            hint={t('messages.emptyHint')}
          />
        ) : (
          <ul className="message-list">
            {items.map((item) => (
              <li
                key={item.id}
                className={item.read ? 'message-item' : 'message-item is-unread'}
                data-testid="message-item"
              >
                <input
                  type="checkbox"
                  className="message-item__check"
                  aria-label={t('messages.select', { title: item.title })}
                  checked={selected.has(item.id)}
                  onChange={() => toggle(item.id)}
                />
                <Link
                  className="message-item__link"
                  to={`/user/messageDetail?id=${encodeURIComponent(item.id)}`}
                >
                  <span className="message-item__head">
                    {item.read ? null : (
                      <span
                        className="message-item__dot"
                        role="img"
                        aria-label={t('messages.unread')}
                      />
                    )}
                    <span className={`message-tag message-tag--${item.category}`}>
                      {t(`messages.categories.${item.category}`)}
                    </span>
                    <span className="message-item__title">{item.title}</span>
                  </span>
                  <span className="message-item__preview">{item.preview}</span>
                  <time className="message-item__time" dateTime={item.createdAt}>
                    {time.dateTime(item.createdAt) || item.createdAt}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={messages.data?.total ?? 0}
          onChange={(next) => {
            setPage(next);
            setSelected(new Set());
          }}
        />
      </Panel>
      <ConfirmDialog
        open={confirming}
        title={t('messages.confirmDelete')}
        confirmLabel={t('messages.delete')}
        busy={remove.isPending}
        onConfirm={deleteSelected}
        onCancel={() => setConfirming(false)}
      >
        {t('messages.confirmDeleteCount', { count: selected.size })}
      </ConfirmDialog>
    </div>
  );
}
