import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ExclusionKind, MemberExclusion } from '@lobby/contracts';
import { useMemberSession } from '../../app/member-session.ts';
import { FormAlert } from '../../components/ui/form.tsx';
import { Panel } from '../../components/ui/page.tsx';
import { useBusinessTime } from '../../components/ui/use-business-time.ts';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { clearToken } from '../../lib/stored-values.ts';
import { useAskToEndExclusion, useExclusion, useTakeExclusion } from './api/exclusion.ts';

/**
 * Time-out and self-exclusion: the one in force (and asking to end it once its period has run
 * out), or the form to take one. Taking one ends every session: the member is sent to log in,
 * where only withdrawals and the history remain.
 */
export function ExclusionPanel() {
  const { t } = useTranslation('web');
  const exclusion = useExclusion();
  const current = exclusion.data?.current ?? null;
  return (
    <Panel title={t('protection.exclusion.title')} icon="lock">
      {current ? (
        <CurrentExclusion current={current} />
      ) : exclusion.data ? (
        <ExclusionForm
          timeOutPeriods={exclusion.data.timeOutPeriods}
          selfExclusionPeriods={exclusion.data.selfExclusionPeriods}
        />
      ) : null}
    </Panel>
  );
}

function CurrentExclusion({ current }: { current: MemberExclusion }) {
  const { t } = useTranslation('web');
  const time = useBusinessTime();
  const ask = useAskToEndExclusion();
  const errorText = useErrorText();
  return (
    <div className="exclusion-current" data-testid="exclusion-current">
      <FormAlert tone="info">
        {t(`protection.exclusion.inForce.${current.kind}`, {
          period: t(`protection.exclusion.periods.${current.period}`),
          until: current.endsAt
            ? time.dateTime(current.endsAt)
            : t('protection.exclusion.indefinite'),
        })}
      </FormAlert>
      {current.endableAt ? (
        <p>{t('protection.exclusion.endsAt', { time: time.dateTime(current.endableAt) })}</p>
      ) : current.canAskToEnd ? (
        <button
          type="button"
          className="btn btn--ghost"
          disabled={ask.isPending}
          onClick={() => ask.mutate()}
        >
          {t('protection.exclusion.askToEnd')}
        </button>
      ) : current.askableFrom ? (
        <p className="muted">
          {t('protection.exclusion.askableFrom', { time: time.dateTime(current.askableFrom) })}
        </p>
      ) : null}
      {ask.isError ? <FormAlert>{errorText(ask.error)}</FormAlert> : null}
    </div>
  );
}

function ExclusionForm({
  timeOutPeriods,
  selfExclusionPeriods,
}: {
  timeOutPeriods: readonly string[];
  selfExclusionPeriods: readonly string[];
}) {
  const { t } = useTranslation('web');
  const navigate = useNavigate();
  const session = useMemberSession();
  const errorText = useErrorText();
  const take = useTakeExclusion();
  const [choice, setChoice] = useState<{ kind: ExclusionKind; period: string } | null>(null);
  const [understood, setUnderstood] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!choice || !understood) return;
    take.mutate(choice, {
      onSuccess: () => {
        // Every session has ended on the server: this browser's too.
        clearToken();
        session.clear();
        void navigate('/login');
      },
    });
  };
  const group = (kind: ExclusionKind, periods: readonly string[]) => (
    <fieldset className="exclusion-form__group">
      <legend>{t(`protection.exclusion.kinds.${kind}`)}</legend>
      <div className="exclusion-form__choices">
        {periods.map((period) => (
          <label key={period} className="chip-radio">
            <input
              type="radio"
              name="exclusion"
              value={`${kind}:${period}`}
              checked={choice?.kind === kind && choice.period === period}
              onChange={() => setChoice({ kind, period })}
            />
            <span>{t(`protection.exclusion.periods.${period}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
  return (
    <form className="form exclusion-form" onSubmit={submit} noValidate>
      <p className="muted">{t('protection.exclusion.intro')}</p>
      {group('time_out', timeOutPeriods)}
      {group('self_exclusion', selfExclusionPeriods)}
      <label className="checkbox">
        <input
          type="checkbox"
          name="understood"
          checked={understood}
          onChange={(event) => setUnderstood(event.target.checked)}
        />
        <span>{t('protection.exclusion.understood')}</span>
      </label>
      {take.isError ? <FormAlert>{errorText(take.error)}</FormAlert> : null}
      <button
        type="submit"
        className="btn btn--primary"
        disabled={!choice || !understood || take.isPending}
      >
        {t('protection.exclusion.take')}
      </button>
    </form>
  );
}
