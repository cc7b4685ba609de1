import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from '../../components/ui/captcha-field.tsx';
import { CodeField } from '../../components/ui/code-field.tsx';
import { Field, FormAlert, TextInput } from '../../components/ui/form.tsx';
import { PhoneField } from '../../components/ui/phone-field.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { ApiError } from '../../lib/api-errors.ts';
import {
  captchaProblem,
  emailProblem,
  phoneProblem,
  verificationCodeProblem,
} from '../../lib/member-rules.ts';
import { useCaptcha } from '../auth/api/captcha.ts';
import { usePhoneAreas } from '../auth/api/phone-areas.ts';
import { useSendCode, type CodeTarget } from '../auth/api/send-code.ts';
import { useBindEmail } from './api/bind-email.ts';
import { useBindPhone } from './api/bind-phone.ts';

type Channel = CodeTarget['channel'];

/**
 * Binds a phone number or an e-mail address: a code is sent there (purpose bindPhone or
 * bindEmail, guarded by the captcha), then the address and the code are submitted. The answer
 * is the member's fresh info; `onBound` shows the success message.
 */
export function BindContactForm({ channel, onBound }: { channel: Channel; onBound(): void }) {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const captcha = useCaptcha();
  const areas = usePhoneAreas(channel === 'phone');
  const sender = useSendCode(channel === 'phone' ? 'bindPhone' : 'bindEmail');
  const bindPhone = useBindPhone();
  const bindEmail = useBindEmail();
  const pending = bindPhone.isPending || bindEmail.isPending;
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm(
    { areaCode: '', phone: '', email: '', code: '', verifyCode: '' },
    {
      phone: channel === 'phone' ? (value) => phoneProblem(value) : undefined,
      email: channel === 'email' ? (value) => emailProblem(value) : undefined,
      verifyCode: verificationCodeProblem,
    },
  );
  const { values } = form;
  const areaCode = values.areaCode || areas.data?.[0]?.areaCode || '';

  const sendCode = () => {
    setFailure(null);
    setNotice(null);
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
    const target: CodeTarget =
      channel === 'phone'
        ? { channel, areaCode, phone: values.phone }
        : { channel, email: values.email };
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
    const callbacks = {
      onSuccess: onBound,
      onError: (error: Error) => {
        setFailure(errorText(error));
        if (error instanceof ApiError) form.markRefused(error.fields);
      },
    };
    if (channel === 'phone') {
      bindPhone.mutate(
        { areaCode, phone: values.phone.trim(), phoneCode: values.verifyCode.trim() },
        callbacks,
      );
    } else {
      bindEmail.mutate(
        { email: values.email.trim(), mailCode: values.verifyCode.trim() },
        callbacks,
      );
    }
  };

  return (
    <form
      className="form security-form"
      onSubmit={submit}
      noValidate
      aria-label={t(`account.personal.securityItems.${channel}.title`)}
    >
      {channel === 'phone' ? (
        <PhoneField
          label={t('fields.phone')}
          required
          areas={areas.data ?? []}
          areaCode={areaCode}
          onAreaCode={(value) => form.set('areaCode', value)}
          input={form.input('phone')}
          error={form.error('phone')}
        />
      ) : (
        <Field label={t('fields.email')} required error={form.error('email')}>
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
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <button type="submit" className="btn btn--primary" disabled={pending}>
        {pending ? t('common.submitting') : t('account.personal.bind.submit')}
      </button>
    </form>
  );
}
