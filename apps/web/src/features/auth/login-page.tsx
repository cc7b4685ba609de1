import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Field, PasswordInput, TextInput } from '../../components/ui/form.tsx';
import { PendingNote } from '../../components/ui/page.tsx';
import { AuthFrame } from './auth-frame.tsx';
import { CaptchaField } from './captcha-field.tsx';

/** Submitting belongs to the members issue: the form does not pretend to log in. */
const preventSubmit = (event: FormEvent) => event.preventDefault();

/** /login (stand-alone). */
export function LoginPage() {
  const { t } = useTranslation('web');
  return (
    <AuthFrame
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          <span>{t('auth.login.noAccount')}</span>
          <Link to="/register">{t('auth.login.toRegister')}</Link>
        </>
      }
    >
      <form className="form" onSubmit={preventSubmit} noValidate>
        <Field label={t('fields.username')} required>
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
              autoComplete="current-password"
              placeholder={t('fields.passwordPlaceholder')}
            />
          )}
        </Field>
        <CaptchaField />
        <div className="form__row form__row--between">
          <Link to="/forgetPassword" className="text-link">
            {t('auth.login.forgot')}
          </Link>
          <Link to="/iframeCustomerService" className="text-link">
            {t('nav.service')}
          </Link>
        </div>
        <button type="submit" className="btn btn--primary btn--block btn--lg" disabled>
          {t('auth.login.submit')}
        </button>
        <PendingNote>{t('auth.login.pending')}</PendingNote>
      </form>
    </AuthFrame>
  );
}
