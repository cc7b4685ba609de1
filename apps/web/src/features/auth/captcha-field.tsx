import { useTranslation } from 'react-i18next';
import { Field, TextInput } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';

/**
 * The graphic captcha row: the code input and the picture beside it. The picture comes
 * from the members issue; until then its place says that it is not available yet.
 */
export function CaptchaField() {
  const { t } = useTranslation('web');
  return (
    <Field label={t('fields.captcha')} required>
      {(id) => (
        <div className="captcha-row">
          <TextInput
            id={id}
            icon="shield"
            name="captcha"
            inputMode="text"
            autoComplete="off"
            maxLength={8}
            placeholder={t('fields.captchaPlaceholder')}
          />
          <button
            type="button"
            className="captcha-image"
            disabled
            title={t('auth.captchaPending')}
            aria-label={t('auth.captchaPending')}
          >
            <Icon name="refresh" size={16} />
            <span>{t('auth.captchaImage')}</span>
          </button>
        </div>
      )}
    </Field>
  );
}
