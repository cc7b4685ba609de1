import { useTranslation } from 'react-i18next';
import type { VerificationPurpose } from '@lobby/contracts';
import type { CaptchaState } from '../../lib/api/captcha.ts';
import { usePhoneAreas } from '../../lib/api/phone-areas.ts';
import { useSendCode, type CodeTarget } from '../../lib/api/send-code.ts';
import { captchaProblem, emailProblem, phoneProblem } from '../../lib/member-rules.ts';
import { CaptchaField, type CaptchaPicture } from '../ui/captcha-field.tsx';
import { CodeField } from '../ui/code-field.tsx';
import { Field, TextInput } from '../ui/form.tsx';
import { PhoneField, type AreaOption } from '../ui/phone-field.tsx';
import { useErrorText } from '../ui/use-error-text.ts';
import type { Form, InputBinding } from '../ui/use-form.ts';

/**
 * Proving a phone number or an e-mail address with a six-digit code: the address (a phone
 * number with its area code, or an e-mail), the graphic captcha that guards the sending, and
 * the code with its "send code" button and the wait before a resend. Registration, the
 * forgotten password and binding a phone or an e-mail on the personal page all ask for it
 * alike.
 *
 * The screen keeps the form (lib useForm, with its fields `areaCode`, `phone`, `email`, `code`
 * for the captcha's text, and the code field it names), the captcha (its submit may need it
 * too) and the alerts; `useContactVerification` sends the code, and `ContactVerification`
 * renders the fields.
 */

export type ContactChannel = CodeTarget['channel'];

type AddressField = 'areaCode' | 'phone' | 'email' | 'code';

/** A form with the address fields and the code field. */
type VerificationValues<CodeName extends string> = Record<string, string> &
  Record<AddressField | CodeName, string>;

export type ContactVerificationOptions<
  Values extends VerificationValues<CodeName>,
  CodeName extends string,
> = {
  /** What the code is for: register, forget, bindPhone or bindEmail. */
  purpose: VerificationPurpose;
  channel: ContactChannel;
  form: Form<Values>;
  /** The form's field for the code that was sent. */
  codeField: CodeName;
  captcha: CaptchaState;
  /** False while the screen does not ask for this address (the area codes wait too). */
  enabled?: boolean;
  /**
   * Other fields that must be right before a code goes out (the forgotten password: the
   * username), with their checks; they are marked with the address when one is not.
   */
  requiredFirst?: Partial<Record<keyof Values & string, (value: string) => unknown>>;
  /** The screen's alerts: both cleared when sending starts, then one of them set. */
  onFailure(text: string | null): void;
  onNotice(text: string | null): void;
};

export type ContactVerificationState = {
  channel: ContactChannel;
  areas: readonly AreaOption[];
  /** The chosen area code, else the first of the server's list ('' while it loads). */
  areaCode: string;
  /** Where the code goes: what the screen submits with it. */
  target: CodeTarget;
  setAreaCode(areaCode: string): void;
  address: { input: InputBinding; error: string | undefined; filled: boolean };
  code: { input: InputBinding; error: string | undefined };
  captcha: { picture: CaptchaPicture; input: InputBinding; error: string | undefined };
  /** The "send code" button: checks the address and the captcha first, renews the captcha after. */
  send(): void;
  sending: boolean;
  secondsLeft: number;
};

export function useContactVerification<
  Values extends VerificationValues<CodeName>,
  CodeName extends string,
>(options: ContactVerificationOptions<Values, CodeName>): ContactVerificationState {
  const { channel, form, captcha, onFailure, onNotice } = options;
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const areas = usePhoneAreas((options.enabled ?? true) && channel === 'phone');
  const sender = useSendCode(options.purpose);
  const { values } = form;
  const areaCode = values.areaCode || areas.data?.[0]?.areaCode || '';
  const target: CodeTarget =
    channel === 'phone'
      ? { channel, areaCode, phone: values.phone }
      : { channel, email: values.email };

  const send = () => {
    onFailure(null);
    onNotice(null);
    const others = Object.entries(options.requiredFirst ?? {}) as [
      keyof Values & string,
      (value: string) => unknown,
    ][];
    const addressProblem =
      channel === 'phone' ? phoneProblem(values.phone) : emailProblem(values.email);
    if (others.some(([name, problem]) => problem(values[name])) || addressProblem) {
      form.touch([...others.map(([name]) => name), channel]);
      return;
    }
    if (captchaProblem(values.code)) {
      form.touch(['code']);
      onFailure(t('verification.captchaFirst'));
      return;
    }
    if (!captcha.captcha) {
      onFailure(t('captcha.notReady'));
      captcha.refresh();
      return;
    }
    sender
      .send({ target, captcha: { key: captcha.captcha.key, code: values.code.trim() } })
      .then((sent) => onNotice(t('verification.sent', { target: sent.sentTo })))
      .catch((error: unknown) => onFailure(errorText(error)))
      .finally(() => {
        form.clear(['code']);
        captcha.refresh();
      });
  };

  return {
    channel,
    areas: areas.data ?? [],
    areaCode,
    target,
    setAreaCode: (value) => form.set('areaCode', value),
    address: {
      input: form.input(channel),
      error: form.error(channel),
      filled: values[channel].trim() !== '',
    },
    code: { input: form.input(options.codeField), error: form.error(options.codeField) },
    captcha: {
      picture: { ...captcha, img: captcha.captcha?.img },
      input: form.input('code'),
      error: form.error('code'),
    },
    send,
    sending: sender.sending,
    secondsLeft: sender.secondsLeft,
  };
}

/**
 * The address, the captcha (`withCaptcha`; a screen whose own submit needs the captcha shows it
 * once, above everything) and the code. The code field shows once the address is filled, at
 * once when the address is required.
 */
export function ContactVerification({
  verification,
  required = true,
  bound = false,
  withCaptcha = false,
}: {
  verification: ContactVerificationState;
  /** Marks the address required (its rule is the form's). */
  required?: boolean;
  /** The address already bound to the account (the forgotten password), so named. */
  bound?: boolean;
  withCaptcha?: boolean;
}) {
  const { t } = useTranslation('web');
  const { channel, address, captcha, code } = verification;
  return (
    <>
      {channel === 'phone' ? (
        <PhoneField
          label={bound ? t('fields.boundPhone') : t('fields.phone')}
          required={required}
          areas={verification.areas}
          areaCode={verification.areaCode}
          onAreaCode={verification.setAreaCode}
          input={address.input}
          error={address.error}
        />
      ) : (
        <Field
          label={bound ? t('fields.boundEmail') : t('fields.email')}
          required={required}
          error={address.error}
        >
          {(id, description) => (
            <TextInput
              id={id}
              icon="mail"
              type="email"
              autoComplete="email"
              maxLength={254}
              placeholder={bound ? t('fields.boundEmailPlaceholder') : t('fields.emailPlaceholder')}
              {...description}
              {...address.input}
            />
          )}
        </Field>
      )}
      {withCaptcha ? (
        <CaptchaField picture={captcha.picture} input={captcha.input} error={captcha.error} />
      ) : null}
      {required || address.filled ? (
        <CodeField
          label={channel === 'phone' ? t('fields.phoneCode') : t('fields.mailCode')}
          input={code.input}
          error={code.error}
          onSend={verification.send}
          sending={verification.sending}
          secondsLeft={verification.secondsLeft}
        />
      ) : null}
    </>
  );
}
