import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A failed load: the server's message (or the client's) and a retry button. */
export function QueryError({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Alert
      type="error"
      showIcon
      title={t('loadFailed')}
      description={error?.message}
      action={
        <Button size="small" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    />
  );
}
