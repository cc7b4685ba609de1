import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DepositChannel, DepositOrder } from '@lobby/contracts';
import { Amount } from '../../components/ui/amount.tsx';
import { Field, FormAlert, TextInput } from '../../components/ui/form.tsx';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { EmptyState, Panel } from '../../components/ui/page.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { filterAmountInput } from '../../lib/amount-filter.ts';
import { groupDigits } from '../../lib/amount-format.ts';
import { amountProblem, coinAmountFor, quickAmounts, wireAmount } from '../../lib/amount-rules.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { useBrand } from '../../lib/brand-context.tsx';
import { currencyScale } from '../../lib/currency-scale.ts';
import { createAttemptKeys } from '../../lib/idempotency-key.ts';
import { currentLanguage } from '../../lib/language.ts';
import { useCreateDeposit, type CreateDepositBody } from './api/create-deposit.ts';
import { useDepositChannels } from './api/deposit-channels.ts';

const CHANNEL_ICONS: Record<DepositChannel['type'], IconName> = {
  bank: 'card',
  online: 'bolt',
  usdt: 'coin',
};

const PAYER_NAME_MAX_LENGTH = 60;

/** Where the gateway's pay page is: only an http(s) address is followed. */
function safePayUrl(payUrl: string | undefined): string | null {
  if (!payUrl) return null;
  try {
    const url = new URL(payUrl, window.location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The deposit form: the brand's channels (in order, with their limits), the amount (filtered as
 * typed, quick amounts), what the channel needs (payer name, USDT protocol), then the order.
 * Every submit carries its attempt's idempotency key, so a retry never opens a second order.
 */
export function DepositForm() {
  const { t, i18n } = useTranslation('web');
  const otherLanguage = currentLanguage(i18n) !== useBrand().language;
  const channels = useDepositChannels();
  const [chosen, setChosen] = useState<string | null>(null);

  if (channels.isPending) {
    return (
      <Panel title={t('finance.deposit.channels')} icon="wallet">
        <div className="skeleton skeleton--block" aria-busy="true" />
      </Panel>
    );
  }
  if (channels.error) {
    return (
      <Panel title={t('finance.deposit.channels')} icon="wallet">
        <EmptyState icon="wallet" title={t('finance.deposit.channelsFailed')}>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => channels.refetch()}
          >
            <Icon name="refresh" size={16} />
            {t('common.retry')}
          </button>
        </EmptyState>
      </Panel>
    );
  }
  const list = channels.data;
  const channel = list.find((item) => item.code === chosen) ?? list[0];
  if (!channel) {
    return (
      <Panel title={t('finance.deposit.channels')} icon="wallet">
        <EmptyState
          icon="wallet"
          title={t('finance.deposit.noChannels')}
          hint={t('finance.deposit.noChannelsHint')}
        >
          <Link className="btn btn--ghost btn--sm" to="/iframeCustomerService">
            <Icon name="headset" size={16} />
            {t('nav.service')}
          </Link>
        </EmptyState>
      </Panel>
    );
  }

  return (
    <>
      <Panel title={t('finance.deposit.channels')} icon="wallet">
        <div className="channel-grid" role="radiogroup" aria-label={t('finance.deposit.channels')}>
          {list.map((item) => {
            const active = item.code === channel.code;
            return (
              <button
                key={item.code}
                type="button"
                role="radio"
                aria-checked={active}
                className={active ? 'channel-card is-active' : 'channel-card'}
                data-channel={item.type}
                onClick={() => setChosen(item.code)}
              >
                <span className="channel-card__icon">
                  <Icon name={CHANNEL_ICONS[item.type]} size={22} />
                </span>
                <span className="channel-card__text">
                  <strong>
                    {item.name}
                    {/* Channel names are in the brand's language; the kind in the member's. */}
                    {otherLanguage ? (
                      <span className="channel-card__type">
                        {t(`finance.channelTypes.${item.type}`)}
                      </span>
                    ) : null}
                  </strong>
                  <small>
                    <Amount value={item.min} /> - <Amount value={item.max} />
                  </small>
                </span>
                {active ? <Icon name="check" size={18} className="channel-card__check" /> : null}
              </button>
            );
          })}
        </div>
      </Panel>
      {/* A new form per channel: its limits and fields are the channel's. */}
      <DepositAmountForm key={channel.code} channel={channel} />
    </>
  );
}

function DepositAmountForm({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation('web');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const create = useCreateDeposit();
  const [attempts] = useState(() => createAttemptKeys());
  const [failure, setFailure] = useState<string | null>(null);
  const protocols = channel.type === 'usdt' ? channel.settings.protocols : [];
  const [protocol, setProtocol] = useState<number | null>(protocols[0]?.id ?? null);
  const scale = currencyScale(channel.currency);
  const limits = { scale, min: channel.min, max: channel.max };
  const form = useForm(
    { amount: '', payerName: '' },
    {
      amount: (value) => amountProblem(value, limits),
      payerName:
        channel.type === 'bank'
          ? (value) => (value.trim() === '' ? { code: 'required', live: false } : null)
          : undefined,
    },
  );
  const amountInput = form.input('amount');
  const coinAmount =
    channel.type === 'usdt' && form.error('amount') === undefined
      ? coinAmountFor(form.values.amount, channel.settings.rate, scale)
      : null;

  const go = (order: DepositOrder) => {
    if (order.channelType === 'online') {
      const payUrl = safePayUrl(order.payUrl);
      // The gateway's page, in this window; it sends the member back with ?orderNo=.
      if (payUrl) {
        window.location.assign(payUrl);
        return;
      }
    }
    const next =
      order.channelType === 'bank'
        ? `/finance/deposit/cardinfo?orderNo=${encodeURIComponent(order.orderNo)}`
        : `/finance/deposit?orderNo=${encodeURIComponent(order.orderNo)}`;
    void navigate(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!form.check(event.currentTarget)) return;
    if (channel.type === 'usdt' && protocol === null) return;
    const body: Omit<CreateDepositBody, 'idempotencyKey'> = {
      channel: channel.code,
      amount: wireAmount(form.values.amount, scale),
      ...(channel.type === 'bank' ? { payerName: form.values.payerName.trim() } : {}),
      ...(channel.type === 'usdt' && protocol !== null ? { protocol } : {}),
    };
    create.mutate(
      { ...body, idempotencyKey: attempts.keyFor(body) },
      {
        onSuccess: (order) => {
          attempts.settle();
          go(order);
        },
        onError: (error) => {
          // The attempt's key stays: sending the same deposit again answers the same order.
          setFailure(errorText(error));
          if (error instanceof ApiError) form.markRefused(error.fields);
        },
      },
    );
  };

  const chips = quickAmounts(limits);
  return (
    <Panel title={t('finance.deposit.amount')} icon="coin">
      <form className="form form--narrow deposit-form" onSubmit={submit} noValidate>
        {channel.type === 'usdt' ? (
          <div className="field">
            <span className="field__label" id="deposit-protocol">
              {t('fields.protocol')}
            </span>
            <div className="chip-group" role="radiogroup" aria-labelledby="deposit-protocol">
              {protocols.map((item) => (
                <button
                  key={item.id}
                  type="button"
                  role="radio"
                  aria-checked={item.id === protocol}
                  className={item.id === protocol ? 'chip is-active' : 'chip'}
                  onClick={() => setProtocol(item.id)}
                >
                  USDT · {item.name}
                </button>
              ))}
            </div>
          </div>
        ) : null}
        <Field
          label={t('fields.amount')}
          required
          error={form.error('amount')}
          hint={t('finance.deposit.limits', {
            min: groupDigits(channel.min),
            max: groupDigits(channel.max),
          })}
        >
          {(id, description) => (
            <TextInput
              id={id}
              icon="coin"
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('fields.amountPlaceholder')}
              {...description}
              {...amountInput}
              onChange={(event) => form.set('amount', filterAmountInput(event.target.value))}
            />
          )}
        </Field>
        {chips.length > 0 ? (
          <div className="chip-group quick-amounts" aria-label={t('finance.deposit.quickAmounts')}>
            {chips.map((chip) => (
              <button
                key={chip}
                type="button"
                className={form.values.amount === chip ? 'chip is-active' : 'chip'}
                onClick={() => form.set('amount', chip)}
              >
                {groupDigits(chip)}
              </button>
            ))}
          </div>
        ) : null}
        {channel.type === 'usdt' ? (
          <p className="coin-estimate" aria-live="polite">
            <span>
              {t('finance.deposit.coinEstimate', {
                amount: coinAmount ?? '--',
                coin: 'USDT',
              })}
            </span>
            <small>
              {t('finance.deposit.rate', { rate: channel.settings.rate, coin: 'USDT' })}
            </small>
          </p>
        ) : null}
        {channel.type === 'bank' ? (
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
        ) : null}
        <p className="deposit-form__how">
          <Icon name="info" size={16} />
          <span>{t(`finance.deposit.how.${channel.type}`)}</span>
        </p>
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <button type="submit" className="btn btn--primary btn--block" disabled={create.isPending}>
          {create.isPending ? t('common.submitting') : t('finance.deposit.submit')}
        </button>
        {channel.type === 'usdt' ? (
          <Link className="text-link deposit-form__help" to="/finance/deposit/virtualCoinHelp">
            <Icon name="help" size={16} />
            {t('finance.virtualCoinHelp.title')}
          </Link>
        ) : null}
      </form>
    </Panel>
  );
}
