import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_REGISTRATION_SETTINGS,
  USERNAME_RULE,
  type FieldRequirement,
} from '@lobby/contracts';
import { useMemberSession } from '../../app/member-session.ts';
import {
  ContactVerification,
  useContactVerification,
} from '../../components/contact-verification/contact-verification.tsx';
import { CaptchaField } from '../../components/ui/captcha-field.tsx';
import { Field, FormAlert, TextInput } from '../../components/ui/form.tsx';
import { NewPasswordFields } from '../../components/ui/new-password-fields.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { useCaptcha } from '../../lib/api/captcha.ts';
import { usePreInfo } from '../../lib/api/pre-info.ts';
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
import { useRegister } from './api/register.ts';
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
  const verifying = {
    purpose: 'register',
    form,
    captcha,
    onFailure: setFailure,
    onNotice: setNotice,
  } as const;
  const phone = useContactVerification({
    ...verifying,
    channel: 'phone',
    codeField: 'phoneCode',
    enabled: settled && isOn(settings.phone),
  });
  const mail = useContactVerification({ ...verifying, channel: 'email', codeField: 'mailCode' });

  /** The link's code goes from storage; the field becomes the visitor's to fill or leave empty. */
  const releaseInviteCode = () => {
    forgetInviteCode();
    setLinkedInviteCode('');
  };

  const renewCaptcha = () => {
    form.clear(['code']);
    captcha.refresh();
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
        ...(withPhone
          ? { areaCode: phone.areaCode, phone: values.phone, phoneCode: values.phoneCode }
          : {}),
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
          <ContactVerification verification={phone} required={settings.phone === 'required'} />
        ) : null}
        {settled && isOn(settings.email) ? (
          <ContactVerification verification={mail} required={settings.email === 'required'} />
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
