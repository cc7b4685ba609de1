import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Field, TextInput } from '../../components/ui/form.tsx';
import { PageHeader, Panel, PendingNote } from '../../components/ui/page.tsx';
import { CaptchaField } from './captcha-field.tsx';

const STEPS = ['account', 'verify', 'reset'] as const;
const preventSubmit = (event: FormEvent) => event.preventDefault();

/** /forgetPassword: account, then phone or e-mail code, then a new password. */
export function ForgetPasswordPage() {
  const { t } = useTranslation('web');
  return (
    <div className="container container--narrow page">
      <PageHeader
        icon="lock"
        title={t('forgetPassword.title')}
        subtitle={t('forgetPassword.subtitle')}
      />
      <Panel>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step} className={index === 0 ? 'steps__item is-active' : 'steps__item'}>
              <span className="steps__number">{index + 1}</span>
              <span className="steps__label">{t(`forgetPassword.steps.${step}`)}</span>
            </li>
          ))}
        </ol>
        <form className="form form--narrow" onSubmit={preventSubmit} noValidate>
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
          <CaptchaField />
          <button type="submit" className="btn btn--primary btn--block" disabled>
            {t('common.next')}
          </button>
          <PendingNote>{t('forgetPassword.pending')}</PendingNote>
          <p className="form__aside">
            {t('forgetPassword.remembered')} <Link to="/login">{t('header.login')}</Link>
          </p>
        </form>
      </Panel>
    </div>
  );
}
