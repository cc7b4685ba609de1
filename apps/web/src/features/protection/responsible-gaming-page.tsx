import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  LIMIT_KINDS,
  PERIODS_OF,
  type LimitKind,
  type LimitPeriod,
  type MemberLimit,
} from '@lobby/contracts';
import { Field, FormAlert, SelectInput, TextInput } from '../../components/ui/form.tsx';
import { PageHeader, Panel } from '../../components/ui/page.tsx';
import { ScreenFallback } from '../../components/ui/screen-fallback.tsx';
import { useBusinessTime } from '../../components/ui/use-business-time.ts';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useLimitChange, useLimits } from './api/limits.ts';
import { ExclusionPanel } from './exclusion-panel.tsx';
import { RealityCheckPanel } from './reality-check-panel.tsx';

/**
 * /user/responsibleGaming: the member's own limits (deposit, loss, wager per day, week and
 * month; daily play time), each with what is used and left, and what waits for confirmation.
 * The server holds every rule; this screen says them and shows its answers.
 */
export function ResponsibleGamingPage() {
  const { t } = useTranslation('web');
  const limits = useLimits();
  return (
    <div className="page responsible-gaming">
      <PageHeader
        icon="shield"
        title={t('protection.title')}
        subtitle={t('protection.subtitle')}
        actions={
          <Link className="btn btn--ghost" to="/help/responsible-gaming">
            {t('protection.learnMore')}
          </Link>
        }
      />
      <Panel title={t('protection.limits.title')} icon="lock">
        {limits.data ? (
          <LimitList limits={limits.data.limits} prompt={limits.data.depositLimitPrompt} />
        ) : limits.isError ? (
          <FormAlert>{t('protection.loadFailed')}</FormAlert>
        ) : (
          <ScreenFallback />
        )}
      </Panel>
      <Panel title={t('protection.limits.setTitle')} icon="plus">
        <LimitForm />
      </Panel>
      <RealityCheckPanel />
      <ExclusionPanel />
    </div>
  );
}

/** Play time counts the brand's calendar day; money limits a rolling window. */
function periodKey(kind: LimitKind, period: LimitPeriod): string {
  return kind === 'play_time' ? 'protection.periods.calendarDay' : `protection.periods.${period}`;
}

function LimitList({ limits, prompt }: { limits: MemberLimit[]; prompt: boolean }) {
  const { t } = useTranslation('web');
  const time = useBusinessTime();
  const change = useLimitChange();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const onError = (error: unknown) => setFailure(errorText(error));
  const unit = (limit: MemberLimit, value: string) =>
    limit.kind === 'play_time' ? t('protection.minutes', { count: Number(value) }) : value;
  return (
    <>
      {prompt ? <FormAlert tone="info">{t('protection.limits.prompt')}</FormAlert> : null}
      {limits.length === 0 ? (
        <p className="muted" data-testid="no-limits">
          {t('protection.limits.none')}
        </p>
      ) : (
        <ul className="limit-list">
          {limits.map((limit) => {
            const key = { kind: limit.kind, period: limit.period };
            return (
              <li
                key={`${limit.kind}-${limit.period}`}
                className="limit-list__item"
                data-limit={`${limit.kind}-${limit.period}`}
              >
                <div className="limit-list__name">
                  {t(`protection.kinds.${limit.kind}`)} · {t(periodKey(limit.kind, limit.period))}
                </div>
                <dl className="limit-list__figures">
                  <div>
                    <dt>{t('protection.limits.amount')}</dt>
                    <dd>{unit(limit, limit.amount)}</dd>
                  </div>
                  <div>
                    <dt>{t('protection.limits.used')}</dt>
                    <dd>{unit(limit, limit.used)}</dd>
                  </div>
                  <div>
                    <dt>{t('protection.limits.remaining')}</dt>
                    <dd data-testid="remaining">{unit(limit, limit.remaining)}</dd>
                  </div>
                </dl>
                {limit.pending ? (
                  <div className="limit-list__pending">
                    <span>
                      {limit.pending.amount === null
                        ? t('protection.limits.pendingRemoval')
                        : t('protection.limits.pendingIncrease', {
                            amount: unit(limit, limit.pending.amount),
                          })}{' '}
                      {limit.pending.confirmable
                        ? t('protection.limits.confirmNow')
                        : t('protection.limits.confirmFrom', {
                            time: time.dateTime(limit.pending.confirmableFrom),
                          })}
                    </span>
                    <button
                      type="button"
                      className="btn btn--primary btn--sm"
                      disabled={!limit.pending.confirmable || change.confirm.isPending}
                      onClick={() => change.confirm.mutate(key, { onError })}
                    >
                      {t('protection.limits.confirm')}
                    </button>
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      disabled={change.cancel.isPending}
                      onClick={() => change.cancel.mutate(key, { onError })}
                    >
                      {t('protection.limits.keep')}
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </>
  );
}

function LimitForm() {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const { set } = useLimitChange();
  const [kind, setKind] = useState<LimitKind>('deposit');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [amount, setAmount] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const periods = PERIODS_OF[kind];
  const save = (requested: string | null) => {
    setOutcome(null);
    set.mutate(
      { kind, period: periods.includes(period) ? period : 'day', amount: requested },
      {
        onSuccess: (view) => {
          const stored = view.limits.find((limit) => limit.kind === kind);
          setOutcome({
            tone: 'success',
            text: stored?.pending
              ? t('protection.limits.savedPending')
              : t('protection.limits.saved'),
          });
          setAmount('');
        },
        onError: (error) => setOutcome({ tone: 'error', text: errorText(error) }),
      },
    );
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save(amount.trim());
  };
  return (
    <form className="form limit-form" onSubmit={submit} noValidate>
      <p className="muted">{t('protection.limits.rules')}</p>
      <Field label={t('protection.limits.kind')}>
        {(id) => (
          <SelectInput
            id={id}
            name="kind"
            value={kind}
            onChange={(value) => {
              setKind(value as LimitKind);
              if (!PERIODS_OF[value as LimitKind].includes(period)) setPeriod('day');
            }}
            options={LIMIT_KINDS.map((value) => ({
              value,
              label: t(`protection.kinds.${value}`),
            }))}
          />
        )}
      </Field>
      <Field label={t('protection.limits.period')}>
        {(id) => (
          <SelectInput
            id={id}
            name="period"
            value={period}
            onChange={(value) => setPeriod(value as LimitPeriod)}
            options={periods.map((value) => ({ value, label: t(periodKey(kind, value)) }))}
          />
        )}
      </Field>
      <Field
        label={
          kind === 'play_time' ? t('protection.limits.minutesField') : t('protection.limits.amount')
        }
      >
        {(id, description) => (
          <TextInput
            id={id}
            name="amount"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            {...description}
          />
        )}
      </Field>
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      <div className="form__row">
        <button type="submit" className="btn btn--primary" disabled={set.isPending || !amount}>
          {set.isPending ? t('common.submitting') : t('common.save')}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={set.isPending}
          onClick={() => save(null)}
        >
          {t('protection.limits.remove')}
        </button>
      </div>
    </form>
  );
}
