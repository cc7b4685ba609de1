import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../components/ui/form.tsx';
import { EmptyState, Panel } from '../../components/ui/page.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { VenueBanner } from './venue-banner.tsx';

/** /game/egame: slot games by platform, with search. Games come from the games issue. */
export function EgamePage() {
  const { t } = useTranslation('web');
  const [platform, setPlatform] = useState('all');
  const [query, setQuery] = useState('');
  return (
    <div className="feature-page">
      <VenueBanner category="slot" />
      <div className="container page">
        <Panel>
          <div className="filter-bar">
            <Tabs
              label={t('venues.platformTabs')}
              value={platform}
              onChange={setPlatform}
              variant="pill"
              items={[{ value: 'all', label: t('venues.allPlatforms') }]}
            />
            <div className="filter-bar__search">
              <TextInput
                icon="search"
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={t('venues.searchGames')}
                aria-label={t('venues.searchGames')}
              />
            </div>
          </div>
          <EmptyState icon="slot" title={t('venues.noGames')} hint={t('venues.noGamesHint')} />
        </Panel>
      </div>
    </div>
  );
}
