import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ContactVerification,
  useContactVerification,
  type ContactChannel,
} from '../../components/contact-verification/contact-verification.tsx';
import { Field, FormAlert, TextInput } from '../../components/ui/form.tsx';
import { NewPasswordFields } from '../../components/ui/new-password-fields.tsx';
import { PageHeader, Panel } from '../../components/ui/page.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { useCaptcha } from '../../lib/api/captcha.ts';
import {
  confirmationProblem,
  emailProblem,
  loginNameProblem,
  passwordProblem,
  phoneProblem,
  verificationCodeProblem,
} from '../../lib/member-rules.ts';
import { useForgetPassword } from './api/forget-password.ts';

/**
 * /forgetPassword: the username, the phone or e-mail bound to it, a code sent there (purpose
 * 'forget', guarded by the captcha) and the new password twice. Success says so and goes to
 * /login.
 */
export function ForgetPasswordPage() {
  const { t } = useTranslation('web');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [channel, setChannel] = useState<ContactChannel>('phone');
  const captcha = useCaptcha();
  const reset = useForgetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm(
    {
      username: '',
      areaCode: '',
      phone: '',
      email: '',
      code: '',
      verifyCode: '',
      password: '',
      confirmPassword: '',
    },
    {
      username: loginNameProblem,
      phone: channel === 'phone' ? (value) => phoneProblem(value) : undefined,
      email: channel === 'email' ? (value) => emailProblem(value) : undefined,
      verifyCode: verificationCodeProblem,
      password: passwordProblem,
      confirmPassword: (value, values) => confirmationProblem(value, values.password),
    },
  );
  const { values } = form;
  const verification = useContactVerification({
    purpose: 'forget',
    channel,
    form,
    codeField: 'verifyCode',
    captcha,
    requiredFirst: { username: loginNameProblem },
    onFailure: setFailure,
    onNotice: setNotice,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setNotice(null);
    if (!form.check(event.currentTarget)) return;
    reset.mutate(
      {
        username: values.username,
        target: verification.target,
        code: values.verifyCode,
        password: values.password,
        confirmPassword: values.confirmPassword,
      },
      {
        onSuccess: () => {
          showToast(t('forgetPassword.success'));
          void navigate('/login', { replace: true });
        },
        onError: (error) => {
          setFailure(errorText(error));
          if (error instanceof ApiError) form.markRefused(error.fields);
        },
      },
    );
  };

  return (
    <div className="container container--narrow page">
      <PageHeader
        icon="lock"
        title={t('forgetPassword.title')}
        subtitle={t('forgetPassword.subtitle')}
      />
      <Panel>
        <form
          className="form form--narrow form--centred"
          onSubmit={submit}
          noValidate
          aria-label={t('forgetPassword.title')}
        >
          <Field label={t('fields.username')} required error={form.error('username')}>
            {(id, description) => (
              <TextInput
                id={id}
                icon="user"
                autoComplete="username"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={64}
                placeholder={t('fields.usernamePlaceholder')}
                {...description}
                {...form.input('username')}
              />
            )}
          </Field>
          <Tabs
            variant="pill"
            label={t('forgetPassword.method')}
            value={channel}
            onChange={(next) => {
              setChannel(next);
              setNotice(null);
            }}
            items={[
              { value: 'phone', label: t('forgetPassword.byPhone') },
              { value: 'email', label: t('forgetPassword.byEmail') },
            ]}
          />
          <ContactVerification verification={verification} bound withCaptcha />
          <NewPasswordFields form={form} wording="newPassword" />
          {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <button
            type="submit"
            className="btn btn--primary btn--block btn--lg"
            disabled={reset.isPending}
          >
            {reset.isPending ? t('common.submitting') : t('forgetPassword.submit')}
          </button>
          <p className="form__aside">
            {t('forgetPassword.remembered')} <Link to="/login">{t('header.login')}</Link>
          </p>
        </form>
      </Panel>
    </div>
  );
}
