import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from '../../components/ui/captcha-field.tsx';
import { CodeField } from '../../components/ui/code-field.tsx';
import { Field, FormAlert, TextInput } from '../../components/ui/form.tsx';
import { PageHeader, Panel } from '../../components/ui/page.tsx';
import { PhoneField } from '../../components/ui/phone-field.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { NewPasswordFields } from '../../components/ui/new-password-fields.tsx';
import { useForm } from '../../components/ui/use-form.ts';
import { ApiError } from '../../lib/api-errors.ts';
import {
  captchaProblem,
  confirmationProblem,
  emailProblem,
  loginNameProblem,
  passwordProblem,
  phoneProblem,
  verificationCodeProblem,
} from '../../lib/member-rules.ts';
import { useCaptcha } from './api/captcha.ts';
import { useForgetPassword } from './api/forget-password.ts';
import { usePhoneAreas } from './api/phone-areas.ts';
import { useSendCode, type CodeTarget } from './api/send-code.ts';

type Channel = CodeTarget['channel'];

/**
 * /forgetPassword: the username, the phone or e-mail bound to it, a code sent there (purpose
 * 'forget', guarded by the captcha) and the new password twice. Success says so and goes to
 * /login.
 */
export function ForgetPasswordPage() {
  const { t } = useTranslation('web');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [channel, setChannel] = useState<Channel>('phone');
  const captcha = useCaptcha();
  const areas = usePhoneAreas(channel === 'phone');
  const sender = useSendCode('forget');
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
  const areaCode = values.areaCode || areas.data?.[0]?.areaCode || '';
  const target: CodeTarget =
    channel === 'phone'
      ? { channel, areaCode, phone: values.phone }
      : { channel, email: values.email };

  const sendCode = () => {
    setFailure(null);
    setNotice(null);
    const problem = channel === 'phone' ? phoneProblem(values.phone) : emailProblem(values.email);
    if (loginNameProblem(values.username) || problem) {
      form.touch(['username', channel]);
      return;
    }
    if (captchaProblem(values.code)) {
      form.touch(['code']);
      setFailure(t('verification.captchaFirst'));
      return;
    }
    if (!captcha.captcha) {
      setFailure(t('captcha.notReady'));
      captcha.refresh();
      return;
    }
    sender
      .send({ target, captcha: { key: captcha.captcha.key, code: values.code.trim() } })
      .then((sent) => setNotice(t('verification.sent', { target: sent.sentTo })))
      .catch((error: unknown) => setFailure(errorText(error)))
      .finally(() => {
        form.clear(['code']);
        captcha.refresh();
      });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setNotice(null);
    if (!form.check(event.currentTarget)) return;
    reset.mutate(
      {
        username: values.username,
        target,
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
          {channel === 'phone' ? (
            <PhoneField
              label={t('fields.boundPhone')}
              required
              areas={areas.data ?? []}
              areaCode={areaCode}
              onAreaCode={(value) => form.set('areaCode', value)}
              input={form.input('phone')}
              error={form.error('phone')}
            />
          ) : (
            <Field label={t('fields.boundEmail')} required error={form.error('email')}>
              {(id, description) => (
                <TextInput
                  id={id}
                  icon="mail"
                  type="email"
                  autoComplete="email"
                  maxLength={254}
                  placeholder={t('fields.boundEmailPlaceholder')}
                  {...description}
                  {...form.input('email')}
                />
              )}
            </Field>
          )}
          <CaptchaField
            picture={{ ...captcha, img: captcha.captcha?.img }}
            input={form.input('code')}
            error={form.error('code')}
          />
          <CodeField
            label={channel === 'phone' ? t('fields.phoneCode') : t('fields.mailCode')}
            input={form.input('verifyCode')}
            error={form.error('verifyCode')}
            onSend={sendCode}
            sending={sender.sending}
            secondsLeft={sender.secondsLeft}
          />
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
