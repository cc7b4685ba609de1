import { useTranslation } from 'react-i18next';
import { Field, TextInput } from './form.tsx';
import { Icon } from './icon.tsx';
import type { InputBinding } from './use-form.ts';

export type CaptchaPicture = {
  /** The picture as a data URL, once loaded. */
  img: string | undefined;
  loading: boolean;
  failed: boolean;
  refresh(): void;
};

/** The graphic captcha row: the code input and the picture beside it; a click on it renews it. */
export function CaptchaField({
  picture,
  input,
  error,
}: {
  picture: CaptchaPicture;
  input: InputBinding;
  error?: string;
}) {
  const { t } = useTranslation('web');
  const label = picture.failed ? t('captcha.retry') : t('captcha.refresh');
  return (
    <Field label={t('fields.captcha')} required error={error}>
      {(id, description) => (
        <div className="captcha-row">
          <TextInput
            id={id}
            icon="shield"
            inputMode="text"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={12}
            placeholder={t('fields.captchaPlaceholder')}
            {...description}
            {...input}
          />
          <button
            type="button"
            className={picture.img ? 'captcha-image has-picture' : 'captcha-image'}
            onClick={picture.refresh}
            title={label}
            aria-label={label}
          >
            {picture.img && !picture.failed ? (
              <img src={picture.img} alt="" className={picture.loading ? 'is-loading' : ''} />
            ) : (
              <>
                <Icon name="refresh" size={16} className={picture.loading ? 'is-spinning' : ''} />
                <span>{picture.failed ? t('captcha.failed') : t('captcha.loading')}</span>
              </>
            )}
          </button>
        </div>
      )}
    </Field>
  );
}
