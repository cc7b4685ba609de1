import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_REGISTRATION_SETTINGS,
  USERNAME_RULE,
  type FieldRequirement,
} from '@lobby/contracts';
import { useMemberSession } from '../../app/member-session.ts';
import { CaptchaField } from '../../components/ui/captcha-field.tsx';
import { CodeField } from '../../components/ui/code-field.tsx';
import { Field, FormAlert, TextInput } from '../../components/ui/form.tsx';
import { PhoneField } from '../../components/ui/phone-field.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { NewPasswordFields } from '../../components/ui/new-password-fields.tsx';
import { useForm } from '../../components/ui/use-form.ts';
import { ApiError } from '../../lib/api-errors.ts';
import {
  acceptedProblem,
  captchaProblem,
  confirmationProblem,
  emailProblem,
  inviteCodeProblem,
  passwordProblem,
  phoneProblem,
  realNameProblem,
  usernameProblem,
  verificationCodeProblem,
} from '../../lib/member-rules.ts';
import { forgetInviteCode, getInviteCode } from '../../lib/stored-values.ts';
import { useCaptcha } from './api/captcha.ts';
import { usePhoneAreas } from './api/phone-areas.ts';
import { usePreInfo } from './api/pre-info.ts';
import { useRegister } from './api/register.ts';
import { useSendCode, type CodeTarget } from './api/send-code.ts';
import { AuthFrame } from './auth-frame.tsx';

/** The server's answer to an invite code no member of the brand owns (or not an invite code). */
const INVITE_CODE_INVALID = 'invite_code_invalid';

const isOn = (requirement: FieldRequirement) => requirement !== 'off';
const isOptional = (requirement: FieldRequirement) => ({ optional: requirement !== 'required' });

/**
 * /register (stand-alone). The brand's settings (preInfo `registration`) decide whether phone,
 * e-mail, invite code and real name are asked for, optional or required, and whether there is
 * a captcha. A phone or e-mail is proven with a code sent for purpose 'register'. The invite
 * code comes prefilled, read-only, from the link the visitor arrived by; the visitor may clear
 * it, and a code the server refuses is forgotten and left to edit, so a stale link never blocks
 * registration. Success logs in.
 */
export function RegisterPage() {
  const { t } = useTranslation('web');
  const navigate = useNavigate();
  const session = useMemberSession();
  const errorText = useErrorText();
  const preInfo = usePreInfo();
  const settings = preInfo.data?.registration ?? DEFAULT_REGISTRATION_SETTINGS;
  const settled = preInfo.data !== undefined;
  const codeFields = settled && (isOn(settings.phone) || isOn(settings.email));
  // The captcha also guards sending a code, so it shows whenever a code can be sent.
  const captchaShown = settings.captcha || codeFields;
  const captcha = useCaptcha(captchaShown);
  const areas = usePhoneAreas(settled && isOn(settings.phone));
  const phoneCode = useSendCode('register');
  const mailCode = useSendCode('register');
  const register = useRegister();
  const [linkedInviteCode, setLinkedInviteCode] = useState(() => getInviteCode() ?? '');
  const [linkedCodeRefused, setLinkedCodeRefused] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const form = useForm(
    {
      username: '',
      password: '',
      confirmPassword: '',
      code: '',
      areaCode: '',
      phone: '',
      phoneCode: '',
      email: '',
      mailCode: '',
      inviteCode: linkedInviteCode,
      realName: '',
      agree: '',
    },
    {
      username: usernameProblem,
      password: passwordProblem,
      confirmPassword: (value, values) => confirmationProblem(value, values.password),
      code: settings.captcha ? captchaProblem : undefined,
      phone:
        settled && isOn(settings.phone)
          ? (value) => phoneProblem(value, isOptional(settings.phone))
          : undefined,
      phoneCode:
        settled && isOn(settings.phone)
          ? (value, values) => (values.phone.trim() ? verificationCodeProblem(value) : null)
          : undefined,
      email:
        settled && isOn(settings.email)
          ? (value) => emailProblem(value, isOptional(settings.email))
          : undefined,
      mailCode:
        settled && isOn(settings.email)
          ? (value, values) => (values.email.trim() ? verificationCodeProblem(value) : null)
          : undefined,
      inviteCode: isOn(settings.inviteCode)
        ? (value) => inviteCodeProblem(value, isOptional(settings.inviteCode))
        : undefined,
      realName:
        settled && isOn(settings.realName)
          ? (value) => realNameProblem(value, isOptional(settings.realName))
          : undefined,
      agree: acceptedProblem,
    },
  );
  const { values } = form;
  const areaCode = values.areaCode || areas.data?.[0]?.areaCode || '';

  /** The link's code goes from storage; the field becomes the visitor's to fill or leave empty. */
  const releaseInviteCode = () => {
    forgetInviteCode();
    setLinkedInviteCode('');
  };

  const renewCaptcha = () => {
    form.clear(['code']);
    captcha.refresh();
  };

  const sendCode = (channel: CodeTarget['channel']) => {
    setFailure(null);
    setNotice(null);
    const target: CodeTarget =
      channel === 'phone'
        ? { channel, areaCode, phone: values.phone }
        : { channel, email: values.email };
    const problem = channel === 'phone' ? phoneProblem(values.phone) : emailProblem(values.email);
    if (problem) {
      form.touch([channel]);
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
    const sender = channel === 'phone' ? phoneCode : mailCode;
    sender
      .send({ target, captcha: { key: captcha.captcha.key, code: values.code.trim() } })
      .then((sent) => setNotice(t('verification.sent', { target: sent.sentTo })))
      .catch((error: unknown) => setFailure(errorText(error)))
      .finally(renewCaptcha);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setNotice(null);
    if (!form.check(event.currentTarget)) return;
    if (settings.captcha && !captcha.captcha) {
      setFailure(t('captcha.notReady'));
      captcha.refresh();
      return;
    }
    const withPhone = isOn(settings.phone) && values.phone.trim() !== '';
    const withEmail = isOn(settings.email) && values.email.trim() !== '';
    register.mutate(
      {
        username: values.username,
        password: values.password,
        confirmPassword: values.confirmPassword,
        captcha:
          settings.captcha && captcha.captcha
            ? { key: captcha.captcha.key, code: values.code.trim() }
            : null,
        ...(withPhone ? { areaCode, phone: values.phone, phoneCode: values.phoneCode } : {}),
        ...(withEmail ? { email: values.email, mailCode: values.mailCode } : {}),
        ...(isOn(settings.inviteCode) ? { inviteCode: values.inviteCode } : {}),
        ...(isOn(settings.realName) ? { realName: values.realName } : {}),
      },
      {
        onSuccess: (member) => {
          session.signIn(member);
          void navigate('/home', { replace: true });
        },
        onError: (error) => {
          setFailure(errorText(error));
          if (error instanceof ApiError && error.code === INVITE_CODE_INVALID && linkedInviteCode) {
            // The link's code: forgotten, and the field left empty for the visitor.
            releaseInviteCode();
            form.set('inviteCode', '');
            setLinkedCodeRefused(true);
          } else if (error instanceof ApiError && error.code === INVITE_CODE_INVALID) {
            form.markRefused([...(error.fields ?? []), { path: 'inviteCode', code: error.code }]);
          } else if (error instanceof ApiError) {
            form.markRefused(error.fields);
          }
          if (captchaShown) renewCaptcha();
        },
      },
    );
  };

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
      <form className="form" onSubmit={submit} noValidate aria-label={t('auth.register.title')}>
        <Field
          label={t('fields.username')}
          required
          error={form.error('username')}
          hint={t('rules.username', { min: USERNAME_RULE.minLength, max: USERNAME_RULE.maxLength })}
        >
          {(id, description) => (
            <TextInput
              id={id}
              icon="user"
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={USERNAME_RULE.maxLength}
              placeholder={t('fields.usernamePlaceholder')}
              {...description}
              {...form.input('username')}
            />
          )}
        </Field>
        <NewPasswordFields form={form} wording="password" />
        {settled && isOn(settings.realName) ? (
          <Field
            label={t('fields.realName')}
            required={settings.realName === 'required'}
            error={form.error('realName')}
          >
            {(id, description) => (
              <TextInput
                id={id}
                icon="idCard"
                autoComplete="name"
                maxLength={30}
                placeholder={t('fields.realNamePlaceholder')}
                {...description}
                {...form.input('realName')}
              />
            )}
          </Field>
        ) : null}
        {captchaShown ? (
          <CaptchaField
            picture={{ ...captcha, img: captcha.captcha?.img }}
            input={form.input('code')}
            error={form.error('code')}
          />
        ) : null}
        {settled && isOn(settings.phone) ? (
          <>
            <PhoneField
              label={t('fields.phone')}
              required={settings.phone === 'required'}
              areas={areas.data ?? []}
              areaCode={areaCode}
              onAreaCode={(value) => form.set('areaCode', value)}
              input={form.input('phone')}
              error={form.error('phone')}
            />
            {settings.phone === 'required' || values.phone.trim() !== '' ? (
              <CodeField
                label={t('fields.phoneCode')}
                input={form.input('phoneCode')}
                error={form.error('phoneCode')}
                onSend={() => sendCode('phone')}
                sending={phoneCode.sending}
                secondsLeft={phoneCode.secondsLeft}
              />
            ) : null}
          </>
        ) : null}
        {settled && isOn(settings.email) ? (
          <>
            <Field
              label={t('fields.email')}
              required={settings.email === 'required'}
              error={form.error('email')}
            >
              {(id, description) => (
                <TextInput
                  id={id}
                  icon="mail"
                  type="email"
                  autoComplete="email"
                  maxLength={254}
                  placeholder={t('fields.emailPlaceholder')}
                  {...description}
                  {...form.input('email')}
                />
              )}
            </Field>
            {settings.email === 'required' || values.email.trim() !== '' ? (
              <CodeField
                label={t('fields.mailCode')}
                input={form.input('mailCode')}
                error={form.error('mailCode')}
                onSend={() => sendCode('email')}
                sending={mailCode.sending}
                secondsLeft={mailCode.secondsLeft}
              />
            ) : null}
          </>
        ) : null}
        {isOn(settings.inviteCode) ? (
          <Field
            label={t('fields.inviteCode')}
            required={settings.inviteCode === 'required'}
            error={form.error('inviteCode')}
            hint={
              linkedInviteCode
                ? t('auth.register.inviteFromLink')
                : linkedCodeRefused
                  ? t('auth.register.inviteRefused')
                  : undefined
            }
          >
            {(id, description) => (
              <TextInput
                id={id}
                icon="gift"
                autoComplete="off"
                maxLength={16}
                readOnly={linkedInviteCode !== ''}
                suffix={
                  linkedInviteCode ? (
                    <button
                      type="button"
                      className="input__action"
                      onClick={() => {
                        releaseInviteCode();
                        form.set('inviteCode', '');
                        document.getElementById(id)?.focus();
                      }}
                    >
                      {t('auth.register.inviteClear')}
                    </button>
                  ) : undefined
                }
                placeholder={
                  settings.inviteCode === 'required'
                    ? t('fields.inviteCodeRequiredPlaceholder')
                    : t('fields.inviteCodePlaceholder')
                }
                {...description}
                {...form.input('inviteCode')}
              />
            )}
          </Field>
        ) : null}
        <div className={form.error('agree') ? 'field is-invalid' : 'field'}>
          <label className="checkbox">
            <input
              type="checkbox"
              name="agree"
              checked={values.agree === '1'}
              aria-invalid={form.error('agree') ? true : undefined}
              onChange={(event) => form.set('agree', event.target.checked ? '1' : '')}
            />
            <span>
              {t('auth.register.agreePrefix')}
              <Link to="/help/terms" className="text-link">
                {t('auth.register.terms')}
              </Link>
            </span>
          </label>
          {form.error('agree') ? <p className="field__error">{form.error('agree')}</p> : null}
        </div>
        {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        {preInfo.isError ? (
          <FormAlert>
            {t('auth.register.settingsFailed')}{' '}
            <button type="button" className="text-link" onClick={() => void preInfo.refetch()}>
              {t('common.retry')}
            </button>
          </FormAlert>
        ) : null}
        <button
          type="submit"
          className="btn btn--primary btn--block btn--lg"
          disabled={register.isPending}
        >
          {register.isPending ? t('auth.register.submitting') : t('auth.register.submit')}
        </button>
      </form>
    </AuthFrame>
  );
}
