import { Link, NavLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HELP_TOPICS } from '../../app/navigation.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';

const isKnownTopic = (id: string): id is (typeof HELP_TOPICS)[number] =>
  (HELP_TOPICS as readonly string[]).includes(id);

/** /help/:id: the help centre. Articles come from a later content issue. */
export function HelpPage() {
  const { t } = useTranslation('web');
  const { id = '' } = useParams();
  const title = isKnownTopic(id) ? t(`footer.topics.${id}`) : t('help.topic', { id });
  return (
    <div className="container page">
      <PageHeader icon="help" title={t('help.title')} subtitle={t('help.subtitle')} />
      <div className="help-layout">
        <nav className="help-nav panel" aria-label={t('help.topics')}>
          {HELP_TOPICS.map((topic) => (
            <NavLink
              key={topic}
              to={`/help/${topic}`}
              className={({ isActive }) =>
                isActive ? 'help-nav__link is-active' : 'help-nav__link'
              }
            >
              {t(`footer.topics.${topic}`)}
              <Icon name="chevronRight" size={16} />
            </NavLink>
          ))}
        </nav>
        <Panel title={title} icon="record">
          <EmptyState icon="record" title={t('help.empty')} hint={t('help.emptyHint')}>
            <Link className="btn btn--ghost btn--sm" to="/iframeCustomerService">
              <Icon name="headset" size={16} />
              {t('nav.service')}
            </Link>
          </EmptyState>
        </Panel>
      </div>
    </div>
  );
}
