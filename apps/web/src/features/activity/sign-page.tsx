import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/ui/amount.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useResign } from './api/resign.ts';
import { useSign } from './api/sign.ts';
import { useSignInfo } from './api/sign-info.ts';
import { useMemberAction } from './use-member-action.ts';
import './activity.css';

export type CalendarDay = { day: string; date: number; isToday: boolean } | null;

/**
 * The days of the month of `today` (YYYY-MM-DD, the brand's day, in its time zone) in weeks
 * starting on Monday; null fills the gaps.
 */
export function monthGrid(today: string): CalendarDay[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const first = new Date(Date.UTC(year, month - 1, 1));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const leading = (first.getUTCDay() + 6) % 7;
  const cells: CalendarDay[] = Array.from({ length: leading }, () => null);
  for (let date = 1; date <= daysInMonth; date += 1) {
    const day = `${today.slice(0, 8)}${String(date).padStart(2, '0')}`;
    cells.push({ day, date, isToday: day === today });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  return cells;
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** /activity/sign: the month's calendar, the streak, signing today and re-signing missed days. */
export function SignPage() {
  const { t, i18n } = useTranslation('web');
  const errorText = useErrorText();
  const asMember = useMemberAction();
  const info = useSignInfo();
  const sign = useSign();
  const resign = useResign();
  const [resignDay, setResignDay] = useState<string | null>(null);
  const data = info.data;
  const today = data?.today ?? new Date().toISOString().slice(0, 10);
  const cells = useMemo(() => monthGrid(today), [today]);
  const signed = useMemo(() => new Set((data?.days ?? []).map((day) => day.day)), [data]);
  const resignable = useMemo(() => new Set(data?.resignableDays ?? []), [data]);
  const monthLabel = new Intl.DateTimeFormat(i18n.language, {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${today.slice(0, 7)}-01T00:00:00Z`));

  if (info.isError) {
    return (
      <div className="container page">
        <PageHeader icon="calendar" title={t('activity.sign.title')} />
        <Panel>
          <EmptyState icon="calendar" title={t('promo.sign.none')} hint={errorText(info.error)} />
        </Panel>
      </div>
    );
  }

  return (
    <div className="container page">
      <PageHeader
        icon="calendar"
        title={data?.title ?? t('activity.sign.title')}
        subtitle={t('activity.sign.subtitle')}
      />
      <div className="summary-row summary-row--cards">
        <div className="summary-row__item">
          <span>{t('activity.sign.signedDays')}</span>
          <strong data-testid="signed-days">{data ? data.days.length : '--'}</strong>
        </div>
        <div className="summary-row__item">
          <span>{t('promo.sign.streak')}</span>
          <strong data-testid="streak">{data ? data.streak : '--'}</strong>
        </div>
        <div className="summary-row__item">
          <span>
            {data?.signedToday ? t('promo.sign.tomorrowReward') : t('promo.sign.nextReward')}
          </span>
          <strong>
            <Amount value={data?.nextReward} />
          </strong>
        </div>
      </div>
      <div className="two-columns two-columns--wide-left">
        <Panel title={monthLabel} icon="calendar">
          <div className="calendar" role="grid" aria-label={monthLabel}>
            {WEEKDAYS.map((day) => (
              <span key={day} className="calendar__weekday" role="columnheader">
                {t(`activity.sign.weekdays.${day}`)}
              </span>
            ))}
            {cells.map((cell, index) => {
              if (!cell)
                return <span key={index} className="calendar__day is-blank" role="gridcell" />;
              const isSigned = signed.has(cell.day);
              const canResign = resignable.has(cell.day);
              const classes = ['calendar__day'];
              if (cell.isToday) classes.push('is-today');
              if (isSigned) classes.push('is-signed');
              if (canResign) classes.push('is-missed');
              const label = isSigned
                ? t('promo.sign.daySigned', { date: cell.date })
                : canResign
                  ? t('promo.sign.dayResign', { date: cell.date })
                  : String(cell.date);
              return canResign ? (
                <button
                  key={cell.day}
                  type="button"
                  role="gridcell"
                  className={classes.join(' ')}
                  aria-label={label}
                  data-day={cell.day}
                  onClick={() => setResignDay(cell.day)}
                >
                  {cell.date}
                  <small>{t('promo.sign.resign')}</small>
                </button>
              ) : (
                <span
                  key={cell.day}
                  role="gridcell"
                  className={classes.join(' ')}
                  aria-current={cell.isToday ? 'date' : undefined}
                  aria-label={label}
                  data-day={cell.day}
                >
                  {cell.date}
                  {isSigned ? <Icon name="check" size={14} /> : null}
                </span>
              );
            })}
          </div>
          <div className="button-row button-row--center">
            <button
              type="button"
              className="btn btn--primary btn--lg"
              disabled={!data || data.signedToday || sign.isPending}
              onClick={() => {
                if (!asMember()) return;
                sign.mutate(undefined, {
                  onSuccess: (answer) =>
                    showToast(
                      t('promo.sign.done', { amount: answer.reward, streak: answer.streak }),
                    ),
                  onError: (error) => showToast(errorText(error), 'info'),
                });
              }}
            >
              <Icon name="check" size={18} />
              {data?.signedToday ? t('promo.sign.signedToday') : t('activity.sign.button')}
            </button>
          </div>
          {data && data.resignableDays.length > 0 ? (
            <p className="muted activity-hint">
              {t('promo.sign.resignHint', { cost: data.resignCost })}
            </p>
          ) : null}
        </Panel>
        <Panel title={t('activity.sign.rewards')} icon="gift">
          {data ? (
            <ol className="sign-rewards">
              {data.streakRewards.map((reward, index) => (
                <li
                  key={index}
                  className={
                    index < Math.min(data.streak, data.streakRewards.length) ? 'is-done' : ''
                  }
                >
                  <span>
                    {index === data.streakRewards.length - 1
                      ? t('promo.sign.dayOnwards', { day: index + 1 })
                      : t('promo.sign.dayN', { day: index + 1 })}
                  </span>
                  <Amount value={reward} />
                </li>
              ))}
            </ol>
          ) : (
            <EmptyState icon="gift" title={t('activity.sign.rewardsEmpty')} compact />
          )}
        </Panel>
      </div>
      <ConfirmDialog
        open={resignDay !== null}
        title={t('promo.sign.resignTitle', { day: resignDay ?? '' })}
        confirmLabel={t('promo.sign.resignConfirm')}
        busy={resign.isPending}
        onCancel={() => setResignDay(null)}
        onConfirm={() => {
          if (!resignDay || !asMember()) return;
          resign.mutate(resignDay, {
            onSuccess: (answer) => {
              setResignDay(null);
              showToast(t('promo.sign.resigned', { day: answer.day, amount: answer.reward }));
            },
            onError: (error) => {
              setResignDay(null);
              showToast(errorText(error), 'info');
            },
          });
        }}
      >
        {t('promo.sign.resignBody', { cost: data?.resignCost ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
