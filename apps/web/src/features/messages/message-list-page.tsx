import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';

type Box = 'inbox' | 'notice';

/** /user/message: the member's messages and the site's notices. */
export function MessageListPage() {
  const { t } = useTranslation('web');
  const [box, setBox] = useState<Box>('inbox');
  return (
    <div className="page">
      <PageHeader
        icon="message"
        title={t('messages.title')}
        subtitle={t('messages.subtitle')}
        actions={
          <button type="button" className="btn btn--ghost btn--sm" disabled>
            {t('messages.markAllRead')}
          </button>
        }
      />
      <Panel>
        <Tabs
          label={t('messages.title')}
          value={box}
          onChange={setBox}
          items={[
            { value: 'inbox', label: t('messages.tabs.inbox') },
            { value: 'notice', label: t('messages.tabs.notice') },
          ]}
        />
        <EmptyState
          icon={box === 'inbox' ? 'message' : 'megaphone'}
          title={t(`messages.empty.${box}`)}
          hint={t('messages.emptyHint')}
        />
      </Panel>
    </div>
  );
}
