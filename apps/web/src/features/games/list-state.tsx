import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/page.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';

/** A list that could not load: what went wrong, in the member's language, and a retry. */
export function ListFailed({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry(): void;
  title?: string;
}): ReactNode {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  return (
    <EmptyState icon="info" title={title ?? t('games.loadFailed')} hint={errorText(error)}>
      <button type="button" className="btn btn--ghost btn--sm" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </EmptyState>
  );
}
