import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentInfo } from '@lobby/contracts';
import { Amount } from '../../../components/ui/amount.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Panel } from '../../../components/ui/page.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { useBusinessTime } from '../../../components/ui/use-business-time.ts';
import { useDownline } from '../api/downline.ts';
import { useAgentStatements } from '../api/statements.ts';
import { formatShare, STATEMENT_STATUS_CLASS } from './share.ts';

// The QR library loads only when an agent's invite panel shows, as on the download page.
const QrCode = lazy(() =>
  import('../../../components/ui/qr-code.tsx').then((module) => ({ default: module.QrCode })),
);

const PAGE_SIZE = 10;

/** What an agent sees: the invite code, link and QR code, the downline and the statements. */
export function AgentDashboard({ info }: { info: AgentInfo }) {
  return (
    <div className="agent-dashboard">
      <InvitePanel code={info.inviteCode ?? ''} link={info.inviteLink ?? ''} />
      <DownlineSection />
      <StatementsSection />
    </div>
  );
}

function InvitePanel({ code, link }: { code: string; link: string }) {
  const { t } = useTranslation('web');
  return (
    <Panel title={t('agent.invite.title')} icon="megaphone" className="agent-invite">
      <div className="agent-invite__body">
        <div className="agent-invite__fields">
          <p className="panel__text">{t('agent.invite.hint')}</p>
          <div className="agent-invite__field">
            <span className="agent-invite__label">{t('agent.invite.code')}</span>
            <strong className="agent-invite__code" data-invite-code={code}>
              {code}
            </strong>
            <CopyButton value={code} label={t('agent.invite.code')} />
          </div>
          <div className="agent-invite__field">
            <span className="agent-invite__label">{t('agent.invite.link')}</span>
            <span className="agent-invite__link" data-invite-link={link}>
              {link}
            </span>
            <CopyButton value={link} label={t('agent.invite.link')} />
          </div>
        </div>
        <figure className="agent-invite__qr">
          <Suspense fallback={<span className="skeleton agent-invite__qr-placeholder" />}>
            <QrCode value={link} label={t('agent.invite.qrLabel')} />
          </Suspense>
          <figcaption>{t('agent.invite.qrHint')}</figcaption>
        </figure>
      </div>
    </Panel>
  );
}

function DownlineSection() {
  const { t } = useTranslation('web');
  const time = useBusinessTime();
  const [page, setPage] = useState(1);
  const downline = useDownline({ page, pageSize: PAGE_SIZE }, true);
  const data = downline.data;
  const summary = data?.summary;
  const cards: { key: string; label: string; value: ReactNode }[] = [
    { key: 'registered', label: t('agent.downline.registered'), value: summary?.registered ?? '—' },
    { key: 'active', label: t('agent.downline.active'), value: summary?.active ?? '—' },
    {
      key: 'validBet',
      label: t('agent.downline.validBet'),
      value: <Amount value={summary?.validBet} />,
    },
    { key: 'bet', label: t('agent.downline.bet'), value: <Amount value={summary?.bet} /> },
    { key: 'payout', label: t('agent.downline.payout'), value: <Amount value={summary?.payout} /> },
    { key: 'bonus', label: t('agent.downline.bonus'), value: <Amount value={summary?.bonus} /> },
    {
      key: 'netRevenue',
      label: t('agent.downline.netRevenue'),
      value: <Amount value={summary?.netRevenue} />,
    },
  ];
  return (
    <Panel
      title={t('agent.downline.title')}
      icon="user"
      extra={
        data ? (
          <span className="agent-month">{t('agent.downline.month', { month: data.month })}</span>
        ) : null
      }
    >
      <dl className="agent-summary" data-testid="agent-summary">
        {cards.map((card) => (
          <div key={card.key} className="agent-summary__card" data-summary={card.key}>
            <dt>{card.label}</dt>
            <dd>{card.value}</dd>
          </div>
        ))}
      </dl>
      <DataTable
        stack
        loading={downline.isPending}
        columns={[
          { key: 'username', label: t('agent.downline.username') },
          { key: 'joinedAt', label: t('agent.downline.joinedAt') },
          { key: 'active', label: t('agent.downline.activeThisMonth'), align: 'end' },
        ]}
        rows={(data?.items ?? []).map((item, index) => ({
          id: `${page}-${index}`,
          username: <span data-downline-username={item.username}>{item.username}</span>,
          joinedAt: time.date(item.joinedAt),
          active: item.active ? (
            <span className="status-tag status-tag--ok">{t('agent.downline.yes')}</span>
          ) : (
            <span className="status-tag status-tag--muted">{t('agent.downline.no')}</span>
          ),
        }))}
        emptyIcon="user"
        emptyTitle={t('agent.downline.empty')}
        emptyHint={t('agent.downline.emptyHint')}
      />
      {data ? (
        <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onChange={setPage} />
      ) : null}
      <p className="agent-privacy">
        <Icon name="shield" size={14} />
        {t('agent.downline.privacy')}
      </p>
    </Panel>
  );
}

function StatementsSection() {
  const { t } = useTranslation('web');
  const [page, setPage] = useState(1);
  const statements = useAgentStatements({ page, pageSize: PAGE_SIZE }, true);
  const data = statements.data;
  return (
    <Panel title={t('agent.statements.title')} icon="record">
      <DataTable
        stack
        loading={statements.isPending}
        columns={[
          { key: 'month', label: t('agent.statements.month') },
          { key: 'active', label: t('agent.statements.active'), align: 'end' },
          { key: 'netRevenue', label: t('agent.statements.netRevenue'), align: 'end' },
          { key: 'share', label: t('agent.statements.share'), align: 'end' },
          { key: 'commission', label: t('agent.statements.commission'), align: 'end' },
          { key: 'status', label: t('agent.statements.status'), align: 'end' },
        ]}
        rows={(data?.items ?? []).map((item) => ({
          id: item.id,
          month: item.month,
          active: item.activeMembers,
          netRevenue: <Amount value={item.netRevenue} />,
          share: formatShare(item.shareBp),
          commission: <Amount value={item.commission} />,
          status: (
            <span
              className={STATEMENT_STATUS_CLASS[item.status]}
              title={item.reviewNote ?? undefined}
            >
              {t(`agent.statementStatus.${item.status}`)}
            </span>
          ),
        }))}
        emptyIcon="record"
        emptyTitle={t('agent.statements.empty')}
        emptyHint={t('agent.statements.emptyHint')}
      />
      {data ? (
        <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onChange={setPage} />
      ) : null}
    </Panel>
  );
}
