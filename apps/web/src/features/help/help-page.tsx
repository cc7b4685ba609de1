import type { MouseEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HelpCategorySummary } from '@lobby/contracts';
import { HELP_TOPICS } from '../../app/navigation.ts';
import { ContactItem } from '../../components/ui/contact-item.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { useBusinessTime } from '../../components/ui/use-business-time.ts';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useBrand } from '../../lib/brand-context.tsx';
import { useContacts } from './api/contacts.ts';
import { useHelpList } from './api/help-list.ts';
import { isHelpPageMissing, useHelpPage } from './api/help-page.ts';

type HelpTopic = (typeof HELP_TOPICS)[number];

const isKnownTopic = (id: string): id is HelpTopic =>
  (HELP_TOPICS as readonly string[]).includes(id);

/**
 * /help/:id: the help centre. `id` names a category (`/help/deposit`, its first page: the
 * footer's links) or one page (`/help/12`). The navigation lists the brand's published pages
 * by category; the page comes rendered to safe HTML by the server.
 */
export function HelpPage() {
  const { t } = useTranslation('web');
  const { id = '' } = useParams();
  const list = useHelpList();
  const page = useHelpPage(id);
  const noPages = list.data !== undefined && list.data.length === 0;

  return (
    <div className="container page">
      <PageHeader icon="help" title={t('help.title')} subtitle={t('help.subtitle')} />
      <div className="help-layout">
        <aside className="help-side">
          <HelpNavigation
            categories={list.data}
            currentId={id}
            currentPage={page.data ? { id: page.data.id, category: page.data.category } : null}
          />
          <HelpContacts />
        </aside>
        {noPages ? (
          <Panel>
            <EmptyState icon="record" title={t('help.empty')} hint={t('help.emptyHint')}>
              <ServiceLink />
            </EmptyState>
          </Panel>
        ) : (
          <HelpArticle id={id} page={page} />
        )}
      </div>
    </div>
  );
}

function HelpArticle({ id, page }: { id: string; page: ReturnType<typeof useHelpPage> }) {
  const { t } = useTranslation('web');
  const time = useBusinessTime();
  const errorText = useErrorText();
  const navigate = useNavigate();

  // Links inside the article to pages of the site stay in the app instead of reloading it.
  const followInternalLink = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//') || anchor?.target) return;
    event.preventDefault();
    void navigate(href);
  };

  if (page.data) {
    return (
      <Panel
        title={page.data.title}
        icon="record"
        extra={
          <span className="help-article__date">
            {t('help.updatedAt', {
              date: time.date(page.data.updatedAt),
            })}
          </span>
        }
      >
        {/* The server renders the Markdown with raw HTML escaped and unsafe links dropped. */}
        <article
          className="help-article"
          onClick={followInternalLink}
          dangerouslySetInnerHTML={{ __html: page.data.html }}
        />
      </Panel>
    );
  }
  if (page.isError && isHelpPageMissing(page.error)) {
    return (
      <Panel>
        <EmptyState
          icon="search"
          title={t('help.notFound')}
          hint={isKnownTopic(id) ? t('help.emptyHint') : t('help.notFoundHint')}
        >
          <Link className="btn btn--ghost btn--sm" to="/help/about">
            <Icon name="help" size={16} />
            {t('help.title')}
          </Link>
          <ServiceLink />
        </EmptyState>
      </Panel>
    );
  }
  if (page.isError) {
    return (
      <Panel>
        <EmptyState icon="info" title={t('help.loadFailed')} hint={errorText(page.error)}>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => void page.refetch()}
          >
            <Icon name="refresh" size={16} />
            {t('common.retry')}
          </button>
        </EmptyState>
      </Panel>
    );
  }
  return (
    <Panel>
      <div className="help-article__loading" aria-busy="true" aria-label={t('help.loading')}>
        <div className="skeleton skeleton--title" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--block" />
      </div>
    </Panel>
  );
}

function HelpNavigation({
  categories,
  currentId,
  currentPage,
}: {
  categories: HelpCategorySummary[] | undefined;
  currentId: string;
  currentPage: { id: string; category: string } | null;
}) {
  const { t } = useTranslation('web');
  const linkClass = (active: boolean) => (active ? 'help-nav__link is-active' : 'help-nav__link');
  const label = (category: string, fallback: string) =>
    isKnownTopic(category) ? t(`footer.topics.${category}`) : fallback;

  // Until the list arrives (or when it fails), the footer's topics keep the navigation usable.
  if (!categories) {
    return (
      <nav className="help-nav panel" aria-label={t('help.topics')}>
        {HELP_TOPICS.map((topic) => (
          <Link key={topic} to={`/help/${topic}`} className={linkClass(topic === currentId)}>
            {t(`footer.topics.${topic}`)}
            <Icon name="chevronRight" size={16} />
          </Link>
        ))}
      </nav>
    );
  }
  return (
    <nav className="help-nav panel" aria-label={t('help.topics')}>
      {categories.map((entry) => {
        const [first, ...rest] = entry.pages;
        if (!first) return null;
        if (rest.length === 0) {
          const active = currentPage
            ? currentPage.id === first.id
            : currentId === entry.category || currentId === first.id;
          return (
            <Link
              key={entry.category}
              to={`/help/${entry.category}`}
              className={linkClass(active)}
              aria-current={active ? 'page' : undefined}
            >
              {first.title}
              <Icon name="chevronRight" size={16} />
            </Link>
          );
        }
        return (
          <div key={entry.category} className="help-nav__group">
            <p className="help-nav__heading">{label(entry.category, first.title)}</p>
            {entry.pages.map((link) => {
              const active = currentPage ? currentPage.id === link.id : currentId === link.id;
              return (
                <Link
                  key={link.id}
                  to={`/help/${link.id}`}
                  className={linkClass(active)}
                  aria-current={active ? 'page' : undefined}
                >
                  {link.title}
                  <Icon name="chevronRight" size={16} />
                </Link>
              );
            })}
          </div>
        );
      })}
    </nav>
  );
}

/** The brand's contacts, as the server has them now (the inlined config until they arrive). */
function HelpContacts() {
  const { t } = useTranslation('web');
  const brand = useBrand();
  const contacts = useContacts();
  const entries = contacts.data ?? brand.contacts;
  return (
    <section className="panel help-contacts">
      <h2 className="help-contacts__title">
        <Icon name="headset" size={16} />
        {t('help.stillNeedHelp')}
      </h2>
      {entries.length > 0 ? (
        <ul className="contact-list">
          {entries.map((contact) => (
            <ContactItem key={`${contact.deviceText}-${contact.deviceNum}`} contact={contact} />
          ))}
        </ul>
      ) : (
        <p className="muted">{t('footer.noContacts')}</p>
      )}
      <ServiceLink />
    </section>
  );
}

function ServiceLink() {
  const { t } = useTranslation('web');
  return (
    <Link className="btn btn--ghost btn--sm" to="/iframeCustomerService">
      <Icon name="headset" size={16} />
      {t('nav.service')}
    </Link>
  );
}
