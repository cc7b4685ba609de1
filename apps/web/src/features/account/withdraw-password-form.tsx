import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WITHDRAW_PASSWORD_RULE } from '@lobby/contracts';
import { Field, FormAlert, PasswordInput } from '../../components/ui/form.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { confirmationProblem, withdrawPasswordProblem } from '../../lib/member-rules.ts';
import { useSetWithdrawPassword } from './api/withdraw-password.ts';

/** Sets the six-digit withdrawal password, or changes it given the current one. */
export function WithdrawPasswordForm({
  isUsed,
  onSaved,
}: {
  /** A withdrawal password is set already: changing it needs the current one. */
  isUsed: boolean;
  onSaved(): void;
}) {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const save = useSetWithdrawPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm(
    { oldWithdrawPassword: '', withdrawPassword: '', confirmWithdrawPassword: '' },
    {
      oldWithdrawPassword: isUsed ? withdrawPasswordProblem : undefined,
      withdrawPassword: withdrawPasswordProblem,
      confirmWithdrawPassword: (value, values) =>
        confirmationProblem(value, values.withdrawPassword),
    },
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!form.check(event.currentTarget)) return;
    const { oldWithdrawPassword, ...passwords } = form.values;
    save.mutate(isUsed ? { ...passwords, oldWithdrawPassword } : passwords, {
      onSuccess: onSaved,
      onError: (error) => {
        setFailure(errorText(error));
        if (error instanceof ApiError) form.markRefused(error.fields);
      },
    });
  };

  const digits = {
    inputMode: 'numeric',
    autoComplete: 'off',
    maxLength: WITHDRAW_PASSWORD_RULE.length,
    placeholder: t('fields.withdrawPasswordDigitsPlaceholder', {
      length: WITHDRAW_PASSWORD_RULE.length,
    }),
  } as const;

  return (
    <form
      className="form security-form"
      onSubmit={submit}
      noValidate
      aria-label={t('account.personal.securityItems.withdrawPassword.title')}
    >
      {isUsed ? (
        <Field
          label={t('fields.oldWithdrawPassword')}
          required
          error={form.error('oldWithdrawPassword')}
        >
          {(id, description) => (
            <PasswordInput
              id={id}
              icon="shield"
              {...digits}
              {...description}
              {...form.input('oldWithdrawPassword')}
            />
          )}
        </Field>
      ) : null}
      <Field
        label={isUsed ? t('fields.newWithdrawPassword') : t('fields.withdrawPassword')}
        required
        error={form.error('withdrawPassword')}
        hint={t('rules.withdrawPassword', { length: WITHDRAW_PASSWORD_RULE.length })}
      >
        {(id, description) => (
          <PasswordInput
            id={id}
            icon="shield"
            {...digits}
            {...description}
            {...form.input('withdrawPassword')}
          />
        )}
      </Field>
      <Field
        label={t('fields.confirmWithdrawPassword')}
        required
        error={form.error('confirmWithdrawPassword')}
      >
        {(id, description) => (
          <PasswordInput
            id={id}
            icon="shield"
            {...digits}
            {...description}
            {...form.input('confirmWithdrawPassword')}
          />
        )}
      </Field>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        {save.isPending ? t('common.submitting') : t('common.save')}
      </button>
    </form>
  );
}
