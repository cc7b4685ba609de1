import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMemberSession } from '../../app/member-session.ts';
import { CaptchaField } from '../../components/ui/captcha-field.tsx';
import { Field, FormAlert, PasswordInput, TextInput } from '../../components/ui/form.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { useCaptcha } from '../../lib/api/captcha.ts';
import { usePreInfo } from '../../lib/api/pre-info.ts';
import {
  captchaProblem,
  loginNameProblem,
  presentPasswordProblem,
} from '../../lib/member-rules.ts';
import { readReturnState, returnPath } from '../../lib/return-path.ts';
import { useLogin } from './api/login.ts';
import { AuthFrame } from './auth-frame.tsx';

/**
 * /login (stand-alone): username, password and the graphic captcha (unless the brand turned it
 * off). Success goes back to the screen the member came from, else /home; a refusal shows the
 * server's message (wrong account or password, locked with the wait, rate limited) and a new
 * captcha, since each one answers a single attempt.
 */
export function LoginPage() {
  const { t } = useTranslation('web');
  const navigate = useNavigate();
  const location = useLocation();
  const session = useMemberSession();
  const preInfo = usePreInfo();
  const captchaOn = preInfo.data?.registration.captcha ?? true;
  const captcha = useCaptcha(captchaOn);
  const login = useLogin();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm(
    { username: '', password: '', code: '' },
    {
      username: loginNameProblem,
      password: presentPasswordProblem,
      code: captchaOn ? captchaProblem : undefined,
    },
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!form.check(event.currentTarget)) return;
    if (captchaOn && !captcha.captcha) {
      setFailure(t('captcha.notReady'));
      captcha.refresh();
      return;
    }
    login.mutate(
      {
        username: form.values.username,
        password: form.values.password,
        captcha:
          captchaOn && captcha.captcha
            ? { key: captcha.captcha.key, code: form.values.code.trim() }
            : null,
      },
      {
        onSuccess: (member) => {
          session.signIn(member);
          void navigate(returnPath(readReturnState(location.state)), { replace: true });
        },
        onError: (error) => {
          setFailure(errorText(error));
          if (error instanceof ApiError) form.markRefused(error.fields);
          if (captchaOn) {
            form.clear(['code']);
            captcha.refresh();
          }
        },
      },
    );
  };

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
      <form className="form" onSubmit={submit} noValidate aria-label={t('auth.login.title')}>
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
        <Field label={t('fields.password')} required error={form.error('password')}>
          {(id, description) => (
            <PasswordInput
              id={id}
              icon="lock"
              autoComplete="current-password"
              maxLength={64}
              placeholder={t('fields.passwordPlaceholder')}
              {...description}
              {...form.input('password')}
            />
          )}
        </Field>
        {captchaOn ? (
          <CaptchaField
            picture={{ ...captcha, img: captcha.captcha?.img }}
            input={form.input('code')}
            error={form.error('code')}
          />
        ) : null}
        <div className="form__row form__row--between">
          <Link to="/forgetPassword" className="text-link">
            {t('auth.login.forgot')}
          </Link>
          <Link to="/iframeCustomerService" className="text-link">
            {t('nav.service')}
          </Link>
        </div>
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <button
          type="submit"
          className="btn btn--primary btn--block btn--lg"
          disabled={login.isPending}
        >
          {login.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
        </button>
      </form>
    </AuthFrame>
  );
}
