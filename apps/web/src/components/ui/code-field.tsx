import { useTranslation } from 'react-i18next';
import { Field, TextInput } from './form.tsx';
import type { InputBinding } from './use-form.ts';

/** A six-digit verification code with its "send code" button and the wait before a resend. */
export function CodeField({
  label,
  input,
  error,
  hint,
  onSend,
  sending,
  secondsLeft,
  required = true,
}: {
  label: string;
  required?: boolean;
  input: InputBinding;
  error?: string;
  hint?: string;
  onSend(): void;
  sending: boolean;
  secondsLeft: number;
}) {
  const { t } = useTranslation('web');
  const waiting = secondsLeft > 0;
  return (
    <Field label={label} required={required} error={error} hint={hint}>
      {(id, description) => (
        <div className="code-row">
          <TextInput
            id={id}
            icon="message"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('verification.codePlaceholder')}
            {...description}
            {...input}
          />
          <button
            type="button"
            className="btn btn--ghost code-row__send"
            onClick={onSend}
            disabled={sending || waiting}
          >
            {waiting
              ? t('verification.resendIn', { seconds: secondsLeft })
              : sending
                ? t('verification.sending')
                : t('verification.send')}
          </button>
        </div>
      )}
    </Field>
  );
}
