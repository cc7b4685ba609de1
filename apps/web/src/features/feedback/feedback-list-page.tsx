import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FeedbackTicket } from '@lobby/contracts';
import { FormAlert } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useBusinessTime } from '../../components/ui/use-business-time.ts';
import { useFeedbackDetail } from './api/feedback-detail.ts';
import { useFeedbackList } from './api/feedback-list.ts';

const PAGE_SIZE = 10;
const STATUS_TONE = { open: 'todo', replied: 'ok', closed: 'muted' } as const;

/**
 * /user/feedBackList: the member's tickets, newest first, each with its status, the reply when
 * there is one and a mark on replies not opened yet. Opening a ticket shows its images and
 * marks the reply seen.
 */
export function FeedbackListPage() {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useFeedbackList(page, PAGE_SIZE);
  const tickets = list.data?.items ?? [];
  const unseen = list.data?.unseenReplies ?? 0;
  return (
    <div className="page">
      <PageHeader
        icon="record"
        title={t('feedback.listTitle')}
        subtitle={t('feedback.listSubtitle')}
        actions={
          <Link className="btn btn--primary btn--sm" to="/user/feedBack">
            <Icon name="plus" size={16} />
            {t('feedback.new')}
          </Link>
        }
      />
      <Panel>
        {list.error ? <FormAlert>{errorText(list.error)}</FormAlert> : null}
        {unseen > 0 ? (
          <p className="feedback-unseen" role="status">
            <span className="feedback-dot" aria-hidden="true" />
            {t('feedback.unseenCount', { count: unseen })}
          </p>
        ) : null}
        {list.isPending ? (
          <div className="data-table__loading">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line" />
          </div>
        ) : tickets.length === 0 && !list.error ? (
          <EmptyState
            icon="feedback"
            title={t('feedback.listEmpty')}
            hint={t('feedback.listEmptyHint')}
          />
        ) : (
          <ul className="feedback-list">
            {tickets.map((ticket) => (
              <TicketItem
                key={ticket.id}
                ticket={ticket}
                open={openId === ticket.id}
                onToggle={() => setOpenId((current) => (current === ticket.id ? null : ticket.id))}
              />
            ))}
          </ul>
        )}
        <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onChange={setPage} />
      </Panel>
    </div>
  );
}

function TicketItem({
  ticket,
  open,
  onToggle,
}: {
  ticket: FeedbackTicket;
  open: boolean;
  onToggle(): void;
}) {
  const { t } = useTranslation('web');
  const time = useBusinessTime();
  const detailId = `feedback-${ticket.id}-detail`;
  return (
    <li className="feedback-item" data-ticket={ticket.id}>
      <div className="feedback-item__head">
        <span className="feedback-item__category">{ticket.categoryName}</span>
        <span className={`status-tag status-tag--${STATUS_TONE[ticket.status]}`}>
          {t(`feedback.status.${ticket.status}`)}
        </span>
        {ticket.replyUnseen ? (
          <span className="feedback-new" data-testid="unseen-reply">
            <span className="feedback-dot" aria-hidden="true" />
            {t('feedback.newReply')}
          </span>
        ) : null}
        <time className="feedback-item__time" dateTime={ticket.createdAt}>
          {time.dateTime(ticket.createdAt) || ticket.createdAt}
        </time>
      </div>
      <p className="feedback-item__content">{ticket.content}</p>
      {ticket.reply ? (
        <div className="feedback-reply">
          <strong>{t('feedback.reply')}</strong>
          <p>{ticket.reply}</p>
        </div>
      ) : ticket.status === 'open' ? (
        <p className="feedback-item__note">{t('feedback.noReply')}</p>
      ) : null}
      {ticket.imageCount > 0 || ticket.replyUnseen ? (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          aria-expanded={open}
          aria-controls={detailId}
          onClick={onToggle}
        >
          {open ? t('feedback.hideDetail') : t('feedback.showDetail')}
          {ticket.imageCount > 0
            ? ` · ${t('feedback.imageCount', { count: ticket.imageCount })}`
            : ''}
        </button>
      ) : null}
      {open ? <TicketDetail id={ticket.id} elementId={detailId} /> : null}
    </li>
  );
}

/** The opened ticket's images; fetching it marks the reply seen. */
function TicketDetail({ id, elementId }: { id: string; elementId: string }) {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const detail = useFeedbackDetail(id);
  if (detail.error) return <FormAlert>{errorText(detail.error)}</FormAlert>;
  const images = detail.data?.images ?? [];
  return (
    <div id={elementId} className="feedback-images">
      {images.map((image, index) => (
        <a
          key={image.id}
          className="feedback-image"
          href={image.url}
          target="_blank"
          rel="noreferrer"
        >
          <img src={image.url} alt={t('feedback.imageAlt', { index: index + 1 })} loading="lazy" />
        </a>
      ))}
    </div>
  );
}
