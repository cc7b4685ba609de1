import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel, PendingNote } from '../../components/ui/page.tsx';

type Day = { date: number; isToday: boolean } | null;

/** The days of the current month in weeks starting on Monday; null fills the gaps. */
export function monthGrid(today: Date): Day[] {
  const year = today.getFullYear();
  const month = today.getMonth();
  const first = new Date(year, month, 1);
  const daysInMonth = new Date(year, month + 1, 0).getDate();
  const leading = (first.getDay() + 6) % 7;
  const cells: Day[] = Array.from({ length: leading }, () => null);
  for (let date = 1; date <= daysInMonth; date += 1) {
    cells.push({ date, isToday: date === today.getDate() });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  return cells;
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** /activity/sign: daily sign-in on this month's calendar. Signing comes from the engagement issue. */
export function SignPage() {
  const { t, i18n } = useTranslation('web');
  const today = useMemo(() => new Date(), []);
  const cells = useMemo(() => monthGrid(today), [today]);
  const monthLabel = new Intl.DateTimeFormat(i18n.language, {
    year: 'numeric',
    month: 'long',
  }).format(today);
  return (
    <div className="container page">
      <PageHeader
        icon="calendar"
        title={t('activity.sign.title')}
        subtitle={t('activity.sign.subtitle')}
      />
      <div className="two-columns two-columns--wide-left">
        <Panel
          title={monthLabel}
          icon="calendar"
          extra={<span className="muted">{t('activity.sign.signedDays')} --</span>}
        >
          <div className="calendar" role="grid" aria-label={monthLabel}>
            {WEEKDAYS.map((day) => (
              <span key={day} className="calendar__weekday" role="columnheader">
                {t(`activity.sign.weekdays.${day}`)}
              </span>
            ))}
            {cells.map((cell, index) =>
              cell ? (
                <span
                  key={index}
                  role="gridcell"
                  className={cell.isToday ? 'calendar__day is-today' : 'calendar__day'}
                  aria-current={cell.isToday ? 'date' : undefined}
                >
                  {cell.date}
                </span>
              ) : (
                <span key={index} className="calendar__day is-blank" role="gridcell" />
              ),
            )}
          </div>
          <div className="button-row button-row--center">
            <button type="button" className="btn btn--primary btn--lg" disabled>
              <Icon name="check" size={18} />
              {t('activity.sign.button')}
            </button>
          </div>
          <PendingNote>{t('activity.sign.pending')}</PendingNote>
        </Panel>
        <Panel title={t('activity.sign.rewards')} icon="gift">
          <EmptyState icon="gift" title={t('activity.sign.rewardsEmpty')} compact />
        </Panel>
      </div>
    </div>
  );
}
