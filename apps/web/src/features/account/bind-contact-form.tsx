import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ContactVerification,
  useContactVerification,
  type ContactChannel,
} from '../../components/contact-verification/contact-verification.tsx';
import { FormAlert } from '../../components/ui/form.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { useCaptcha } from '../../lib/api/captcha.ts';
import { emailProblem, phoneProblem, verificationCodeProblem } from '../../lib/member-rules.ts';
import { useBindEmail } from './api/bind-email.ts';
import { useBindPhone } from './api/bind-phone.ts';

/**
 * Binds a phone number or an e-mail address: a code is sent there (purpose bindPhone or
 * bindEmail, guarded by the captcha), then the address and the code are submitted. The answer
 * is the member's fresh info; `onBound` shows the success message.
 */
export function BindContactForm({
  channel,
  onBound,
}: {
  channel: ContactChannel;
  onBound(): void;
}) {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const captcha = useCaptcha();
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
  const verification = useContactVerification({
    purpose: channel === 'phone' ? 'bindPhone' : 'bindEmail',
    channel,
    form,
    codeField: 'verifyCode',
    captcha,
    onFailure: setFailure,
    onNotice: setNotice,
  });
  const { areaCode } = verification;

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
      <ContactVerification verification={verification} withCaptcha />
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <button type="submit" className="btn btn--primary" disabled={pending}>
        {pending ? t('common.submitting') : t('account.personal.bind.submit')}
      </button>
    </form>
  );
}
