import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DepositOrder } from '@lobby/contracts';
import { Amount } from '../../components/ui/amount.tsx';
import { Field, FormAlert, TextInput } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { fromLocalDateTime, toLocalDateTime } from '../../lib/local-date-time.ts';
import { useDepositNotice } from './api/deposit-notice.ts';
import { useDepositOrder } from './api/deposit-order.ts';
import { DepositStatusTag, DetailRow } from './cashier-parts.tsx';

const NOTE_MAX_LENGTH = 200;
const PAYER_NAME_MAX_LENGTH = 60;

/**
 * /finance/deposit/newsletter?orderNo=: the transfer notice of a bank-transfer deposit. The
 * member says who paid, when, and anything the cashier should know; the order then waits for
 * the cashier's review.
 */
export function DepositNewsletterPage() {
  const { t } = useTranslation('web');
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo')?.trim() || null;
  const order = useDepositOrder(orderNo);
  return (
    <div className="page">
      <PageHeader
        icon="megaphone"
        title={t('finance.newsletter.title')}
        subtitle={t('finance.newsletter.subtitle')}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/finance/deposit">
            <Icon name="chevronLeft" size={16} />
            {t('finance.backToDeposit')}
          </Link>
        }
      />
      {orderNo === null || order.error || (order.data && order.data.channelType !== 'bank') ? (
        <Panel>
          <EmptyState
            icon="megaphone"
            title={t('finance.newsletter.empty')}
            hint={t('finance.newsletter.emptyHint')}
          >
            <Link className="btn btn--primary btn--sm" to="/finance/deposit">
              {t('finance.backToDeposit')}
            </Link>
          </EmptyState>
        </Panel>
      ) : order.data ? (
        <NoticeForm order={order.data} />
      ) : (
        <Panel>
          <div className="skeleton skeleton--block" aria-busy="true" />
        </Panel>
      )}
    </div>
  );
}

function NoticeForm({ order }: { order: DepositOrder }) {
  const { t } = useTranslation('web');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const notice = useDepositNotice();
  const [failure, setFailure] = useState<string | null>(null);
  const now = toLocalDateTime(new Date());
  const form = useForm(
    {
      payerName: order.notice?.payerName ?? '',
      transferredAt: now,
      note: '',
    },
    {
      payerName: (value) => (value.trim() === '' ? { code: 'required', live: false } : null),
      transferredAt: (value) => {
        if (value === '') return { code: 'required', live: false };
        const when = fromLocalDateTime(value);
        if (!when) return { code: 'dateTime', live: false };
        // A little slack for a clock that runs a minute behind the bank's.
        return when.getTime() > Date.now() + 5 * 60_000 ? { code: 'future', live: true } : null;
      },
    },
  );
  const statusPath = `/finance/deposit?orderNo=${encodeURIComponent(order.orderNo)}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!form.check(event.currentTarget)) return;
    const transferredAt = fromLocalDateTime(form.values.transferredAt);
    if (!transferredAt) return;
    const note = form.values.note.trim();
    notice.mutate(
      {
        orderNo: order.orderNo,
        payerName: form.values.payerName.trim(),
        transferredAt: transferredAt.toISOString(),
        ...(note ? { note } : {}),
      },
      {
        onSuccess: () => {
          showToast(t('finance.newsletter.sent'));
          void navigate(statusPath);
        },
        onError: (error) => {
          setFailure(errorText(error));
          if (error instanceof ApiError) form.markRefused(error.fields);
        },
      },
    );
  };

  return (
    <Panel
      title={t('finance.newsletter.formTitle')}
      icon="megaphone"
      extra={<DepositStatusTag status={order.status} />}
    >
      <dl className="detail-list newsletter-summary">
        <DetailRow label={t('finance.order.fields.orderNo')}>
          <span className="mono">{order.orderNo}</span>
        </DetailRow>
        <DetailRow label={t('finance.order.fields.amount')}>
          <Amount value={order.amount} />
        </DetailRow>
        {order.card ? (
          <DetailRow label={t('finance.cardInfo.fields.account')}>
            {order.card.bankName} · {order.card.cardNumber}
          </DetailRow>
        ) : null}
      </dl>
      {order.status !== 'pending' ? (
        <EmptyState
          icon="check"
          title={t(`finance.order.headline.${order.status}`)}
          hint={t(`finance.order.hint.bank.${order.status}`)}
          compact
        >
          <Link className="btn btn--primary btn--sm" to={statusPath}>
            {t('finance.order.viewStatus')}
          </Link>
        </EmptyState>
      ) : (
        <form className="form form--narrow" onSubmit={submit} noValidate>
          <Field
            label={t('fields.payerName')}
            required
            error={form.error('payerName')}
            hint={t('finance.deposit.payerNameHint')}
          >
            {(id, description) => (
              <TextInput
                id={id}
                icon="user"
                autoComplete="name"
                maxLength={PAYER_NAME_MAX_LENGTH}
                placeholder={t('fields.payerNamePlaceholder')}
                {...description}
                {...form.input('payerName')}
              />
            )}
          </Field>
          <Field label={t('fields.transferredAt')} required error={form.error('transferredAt')}>
            {(id, description) => (
              <TextInput
                id={id}
                icon="calendar"
                type="datetime-local"
                max={now}
                {...description}
                {...form.input('transferredAt')}
              />
            )}
          </Field>
          <Field label={t('fields.note')} hint={t('finance.newsletter.noteHint')}>
            {(id, description) => (
              <textarea
                id={id}
                className="textarea"
                name="note"
                rows={3}
                maxLength={NOTE_MAX_LENGTH}
                placeholder={t('fields.notePlaceholder')}
                value={form.values.note}
                onChange={(event) => form.set('note', event.target.value)}
                {...description}
              />
            )}
          </Field>
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <button type="submit" className="btn btn--primary btn--block" disabled={notice.isPending}>
            {notice.isPending ? t('common.submitting') : t('finance.newsletter.submit')}
          </button>
        </form>
      )}
    </Panel>
  );
}
