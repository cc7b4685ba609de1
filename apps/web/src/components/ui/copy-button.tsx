import { useTranslation } from 'react-i18next';
import { copyText } from './copy-text.ts';
import { Icon } from './icon.tsx';
import { showToast } from './toast.tsx';

/** Copies a value and says so ("复制成功"), or asks the member to copy it by hand. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('web');
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={t('common.copyWhat', { what: label })}
      onClick={async () => {
        const copied = await copyText(value);
        showToast(copied ? t('common.copied') : t('common.copyFailed'), copied ? 'check' : 'info');
      }}
    >
      <Icon name="copy" size={16} />
      <span>{t('common.copy')}</span>
    </button>
  );
}
