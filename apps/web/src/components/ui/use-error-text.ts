import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/api-errors.ts';
import { currentLanguage } from '../../lib/language.ts';

/**
 * The text to show for a failed call: the server's own message (already in the member's
 * language), the localized transport text, or a generic one.
 */
export function useErrorText(): (error: unknown) => string {
  const { i18n } = useTranslation('web');
  return useCallback((error: unknown) => errorText(error, currentLanguage(i18n)), [i18n]);
}
