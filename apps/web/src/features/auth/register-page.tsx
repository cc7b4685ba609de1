import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getInviteCode } from '../../lib/stored-values.ts';
import { Field, PasswordInput, TextInput } from '../../components/ui/form.tsx';
import { PendingNote } from '../../components/ui/page.tsx';
import { AuthFrame } from './auth-frame.tsx';
import { CaptchaField } from './captcha-field.tsx';

/** Submitting belongs to the members issue: the form does not pretend to register. */
const preventSubmit = (event: FormEvent) => event.preventDefault();

/** /register (stand-alone). The invite code comes from the link the visitor arrived by. */
export function RegisterPage() {
  const { t } = useTranslation('web');
  const inviteCode = getInviteCode() ?? '';
  return (
    <AuthFrame
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          <span>{t('auth.register.haveAccount')}</span>
          <Link to="/login">{t('auth.register.toLogin')}</Link>
        </>
      }
    >
      <form className="form" onSubmit={preventSubmit} noValidate>
        <Field label={t('fields.username')} required hint={t('auth.register.usernameHint')}>
          {(id) => (
            <TextInput
              id={id}
              icon="user"
              name="username"
              autoComplete="username"
              placeholder={t('fields.usernamePlaceholder')}
            />
          )}
        </Field>
        <Field label={t('fields.password')} required>
          {(id) => (
            <PasswordInput
              id={id}
              icon="lock"
              name="password"
              autoComplete="new-password"
              placeholder={t('fields.passwordPlaceholder')}
            />
          )}
        </Field>
        <Field label={t('fields.confirmPassword')} required>
          {(id) => (
            <PasswordInput
              id={id}
              icon="lock"
              name="confirmPassword"
              autoComplete="new-password"
              placeholder={t('fields.confirmPasswordPlaceholder')}
            />
          )}
        </Field>
        <CaptchaField />
        <Field label={t('fields.inviteCode')}>
          {(id) => (
            <TextInput
              id={id}
              icon="gift"
              name="inviteCode"
              autoComplete="off"
              defaultValue={inviteCode}
              readOnly={inviteCode !== ''}
              placeholder={t('fields.inviteCodePlaceholder')}
            />
          )}
        </Field>
        <label className="checkbox">
          <input type="checkbox" name="agree" />
          <span>
            {t('auth.register.agreePrefix')}
            <Link to="/help/terms" className="text-link">
              {t('auth.register.terms')}
            </Link>
          </span>
        </label>
        <button type="submit" className="btn btn--primary btn--block btn--lg" disabled>
          {t('auth.register.submit')}
        </button>
        <PendingNote>{t('auth.register.pending')}</PendingNote>
      </form>
    </AuthFrame>
  );
}
