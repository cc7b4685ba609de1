import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/api-errors.ts';

/**
 * The text to show for a failed call: the server's own message (already in the member's
 * language), the localized transport text, or a generic one.
 */
export function useErrorText(): (error: unknown) => string {
  const { i18n } = useTranslation('web');
  return useCallback(
    (error: unknown) => {
      const translate = i18n.getFixedT(null, 'client');
      return errorText(error, (key, values) => translate(key, { ...values }));
    },
    [i18n],
  );
}
