import { useTranslation } from 'react-i18next';
import { PASSWORD_RULE } from '@lobby/contracts';
import { Field, PasswordInput } from './form.tsx';
import type { InputBinding } from './use-form.ts';

type PasswordFields = 'password' | 'confirmPassword';

/**
 * A new login password and its confirmation, with the rule shown under it: registration,
 * password reset and password change ask for them alike.
 */
export function NewPasswordFields({
  form,
  wording,
}: {
  form: {
    input(name: PasswordFields): InputBinding;
    error(name: PasswordFields): string | undefined;
  };
  /** `password` on registration; `newPassword` where an old password exists. */
  wording: 'password' | 'newPassword';
}) {
  const { t } = useTranslation('web');
  return (
    <>
      <Field
        label={t(`fields.${wording}`)}
        required
        error={form.error('password')}
        hint={t('rules.password', { min: PASSWORD_RULE.minLength, max: PASSWORD_RULE.maxLength })}
      >
        {(id, description) => (
          <PasswordInput
            id={id}
            icon="lock"
            autoComplete="new-password"
            maxLength={PASSWORD_RULE.maxLength}
            placeholder={t(`fields.${wording}Placeholder`)}
            {...description}
            {...form.input('password')}
          />
        )}
      </Field>
      <Field label={t('fields.confirmPassword')} required error={form.error('confirmPassword')}>
        {(id, description) => (
          <PasswordInput
            id={id}
            icon="lock"
            autoComplete="new-password"
            maxLength={PASSWORD_RULE.maxLength}
            placeholder={t('fields.confirmPasswordPlaceholder')}
            {...description}
            {...form.input('confirmPassword')}
          />
        )}
      </Field>
    </>
  );
}
