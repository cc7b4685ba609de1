import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/page.tsx';

/**
 * /sports: where a chosen sports platform opens. The game selection survives leaving this
 * screen (SPEC.md section 2); launching comes from the games issue.
 */
export function SportsPage() {
  const { t } = useTranslation('web');
  return (
    <div className="container page">
      <section className="game-frame">
        <EmptyState
          icon="sports"
          title={t('venues.sportsFrame.title')}
          hint={t('venues.sportsFrame.hint')}
        >
          <Link className="btn btn--primary btn--sm" to="/venue/sports">
            {t('venues.sportsFrame.choose')}
          </Link>
        </EmptyState>
      </section>
    </div>
  );
}
