import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useBusinessTime } from '../../components/ui/use-business-time.ts';
import { useDeleteMessages } from './api/delete-messages.ts';
import { useMessageDetail } from './api/message-detail.ts';

const ID_PATTERN = /^[1-9]\d{0,17}$/;

/** /user/messageDetail?id=: one message, read in full (opening it marks it read), deletable. */
export function MessageDetailPage() {
  const { t } = useTranslation('web');
  const time = useBusinessTime();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id') ?? '';
  const id = ID_PATTERN.test(rawId) ? rawId : '';
  const message = useMessageDetail(id);
  const remove = useDeleteMessages();
  const [confirming, setConfirming] = useState(false);
  const notFound =
    id === '' || (message.error instanceof ApiError && message.error.code === 'message_not_found');

  return (
    <div className="page">
      <PageHeader
        icon="message"
        title={t('messages.detailTitle')}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/user/message">
            <Icon name="chevronLeft" size={16} />
            {t('messages.backToList')}
          </Link>
        }
      />
      <Panel>
        {notFound ? (
          <EmptyState
            icon="message"
            title={t('messages.detailEmpty')}
            hint={t('messages.detailEmptyHint')}
          />
        ) : message.error ? (
          <FormAlert>{errorText(message.error)}</FormAlert>
        ) : !message.data ? (
          <p className="muted">{t('common.loading')}</p>
        ) : (
          <article className="message-detail">
            <header className="message-detail__head">
              <span className={`message-tag message-tag--${message.data.category}`}>
                {t(`messages.categories.${message.data.category}`)}
              </span>
              <h2 className="message-detail__title">{message.data.title}</h2>
              <p className="message-detail__time muted">
                {t('messages.sentAt')}{' '}
                <time dateTime={message.data.createdAt}>
                  {time.dateTime(message.data.createdAt) || message.data.createdAt}
                </time>
              </p>
            </header>
            <div className="message-detail__body">{message.data.body}</div>
            {remove.error ? <FormAlert>{errorText(remove.error)}</FormAlert> : null}
            <div className="message-detail__actions">
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => setConfirming(true)}
              >
                <Icon name="close" size={16} />
                {t('messages.delete')}
              </button>
            </div>
          </article>
        )}
      </Panel>
      <ConfirmDialog
        open={confirming}
        title={t('messages.confirmDelete')}
        confirmLabel={t('messages.delete')}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate([id], {
            onSuccess: () => {
              setConfirming(false);
              showToast(t('messages.deleted'));
              void navigate('/user/message', { replace: true });
            },
            onError: () => setConfirming(false),
          })
        }
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
