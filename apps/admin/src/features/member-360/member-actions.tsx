import { useState, type ReactNode } from 'react';
import { Alert, Flex, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  adminCloseMemberEndpoint,
  adminFreezeMemberEndpoint,
  adminLockMemberEndpoint,
  adminLogoutMemberEndpoint,
  adminMemberPasswordResetEndpoint,
  adminUnfreezeMemberEndpoint,
  adminUnlockMemberEndpoint,
  adminWaiveTurnoverEndpoint,
  type AdminApproval,
  type AdminMemberRecord,
  type MemberState,
} from '@lobby/contracts';
import { ReasonAction } from '../../components/reason-action.tsx';
import { formatMoney } from '../../lib/money.ts';
import { useCan, useOperator } from '../../lib/operator-context.tsx';
import { AdjustBalanceAction, type AdjustResult } from './adjust-balance.tsx';
import { availableActions, holdsMoney } from './member-state.ts';
import { NS } from './parts.tsx';

/** The waiver's contract names no path parameters; the call fills `:username` all the same. */
const waiveTurnoverEndpoint = {
  ...adminWaiveTurnoverEndpoint,
  params: z.object({ username: z.string() }),
};

type StateAction = 'lock' | 'unlock' | 'freeze' | 'unfreeze' | 'logout' | 'close';

const STATE_ENDPOINTS = {
  lock: adminLockMemberEndpoint,
  unlock: adminUnlockMemberEndpoint,
  freeze: adminFreezeMemberEndpoint,
  unfreeze: adminUnfreezeMemberEndpoint,
  logout: adminLogoutMemberEndpoint,
  close: adminCloseMemberEndpoint,
} as const;

type Outcome = { type: 'success' | 'info'; content: ReactNode };

/** What an approval request answer says, with the way to the queue for who may decide. */
function ApprovalOutcome({ request }: { request: AdminApproval }) {
  const { t } = useTranslation(NS);
  const canDecide = useCan('approvals.decide');
  return (
    <span data-testid="approval-requested">
      {t('results.approvalRequested', {
        id: request.id,
        amount: formatMoney(request.amount, request.currency),
      })}{' '}
      {canDecide ? (
        <Link to={`/approvals?kind=${request.kind}`}>{t('results.openApprovals')}</Link>
      ) : null}
    </span>
  );
}

/**
 * The actions bar of the member page: only the actions the operator's role holds and that fit
 * the account's state. Each asks for a reason (the action log keeps it); its result stays
 * under the bar until the next one, and every query is refreshed.
 */
export function MemberActions({ record }: { record: AdminMemberRecord }) {
  const { t } = useTranslation(NS);
  const operator = useOperator();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { member, balances, counts } = record;
  const username = member.username;
  const actions = availableActions(record, operator.permissions);
  if (actions.length === 0) return null;

  function stateDone(action: StateAction, state: MemberState) {
    const ended =
      state.sessionsEnded > 0 ? t('results.sessionsEnded', { n: state.sessionsEnded }) : '';
    setOutcome({ type: 'success', content: `${t(`results.${action}`)}${ended}` });
  }

  function adjustDone(result: AdjustResult) {
    if ('approvalRequest' in result) {
      setOutcome({ type: 'info', content: <ApprovalOutcome request={result.approvalRequest} /> });
      return;
    }
    const text = result.replayed
      ? t('results.adjustReplayed')
      : t('results.adjusted', {
          amount: formatMoney(result.amount, result.currency),
          balance: formatMoney(result.balance, result.currency),
        });
    setOutcome({ type: 'success', content: <span data-testid="adjust-done">{text}</span> });
  }

  function stateAction(action: StateAction, danger: boolean, description: ReactNode = null) {
    return (
      <ReasonAction
        key={action}
        endpoint={STATE_ENDPOINTS[action]}
        params={{ id: member.id }}
        label={t(`actions.${action}`)}
        title={t(`actions.${action}Title`, { username })}
        description={description ?? t(`actions.${action}Body`)}
        danger={danger}
        buttonProps={{ type: danger && action === 'close' ? 'primary' : 'default' }}
        onDone={(state) => stateDone(action, state)}
      />
    );
  }

  const noContact = member.phone === null && member.email === null;
  const buttons: Record<(typeof actions)[number], () => ReactNode> = {
    lock: () => stateAction('lock', true),
    unlock: () => stateAction('unlock', false),
    freeze: () => stateAction('freeze', true),
    unfreeze: () => stateAction('unfreeze', false),
    logout: () => stateAction('logout', false),
    passwordReset: () => (
      <Tooltip key="passwordReset" title={noContact ? t('actions.passwordResetNoContact') : null}>
        <span>
          <ReasonAction
            endpoint={adminMemberPasswordResetEndpoint}
            params={{ id: member.id }}
            label={t('actions.passwordReset')}
            title={t('actions.passwordResetTitle', { username })}
            description={t('actions.passwordResetBody')}
            buttonProps={{ disabled: noContact }}
            onDone={(sent) =>
              setOutcome({
                type: 'success',
                content: (
                  <span data-testid="password-reset-sent">
                    {t('results.passwordReset', {
                      channel: t(`channels.${sent.channel}`),
                      sentTo: sent.sentTo,
                      minutes: Math.round(sent.expiresInSeconds / 60),
                    })}
                  </span>
                ),
              })
            }
          />
        </span>
      </Tooltip>
    ),
    adjust: () => <AdjustBalanceAction key="adjust" record={record} onDone={adjustDone} />,
    waive: () => (
      <ReasonAction
        key="waive"
        endpoint={waiveTurnoverEndpoint}
        params={{ username }}
        body={{ brand: member.brand }}
        label={t('actions.waive')}
        title={t('actions.waiveTitle', { username })}
        description={t('actions.waiveBody', {
          amount: formatMoney(balances.turnoverOutstanding, balances.currency),
        })}
        onDone={(result) =>
          setOutcome(
            'approvalRequest' in result
              ? { type: 'info', content: <ApprovalOutcome request={result.approvalRequest} /> }
              : {
                  type: 'success',
                  content: t('results.waived', {
                    amount: formatMoney(result.waived, balances.currency),
                  }),
                },
          )
        }
      />
    ),
    close: () =>
      stateAction(
        'close',
        true,
        <>
          {t('actions.closeBody')}
          {holdsMoney(record) ? (
            <>
              <br />
              <Typography.Text type="danger" strong>
                {t('actions.closeHasMoney', {
                  total: formatMoney(balances.total, balances.currency),
                  withdrawals: counts.openWithdrawals,
                  deposits: counts.pendingDeposits,
                })}
              </Typography.Text>
            </>
          ) : null}
        </>,
      ),
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap data-testid="member-actions">
        {actions.map((action) => buttons[action]())}
      </Flex>
      {outcome ? (
        <Alert
          type={outcome.type}
          showIcon
          title={t('results.title')}
          description={outcome.content}
          closable={{ onClose: () => setOutcome(null) }}
          data-testid="action-outcome"
        />
      ) : null}
    </Flex>
  );
}
