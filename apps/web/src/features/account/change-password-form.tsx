import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMemberSession } from '../../app/member-session.ts';
import { Field, FormAlert, PasswordInput } from '../../components/ui/form.tsx';
import { NewPasswordFields } from '../../components/ui/new-password-fields.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { PASSWORD_CHANGED_RETURN_SECONDS } from '../../lib/countdown.ts';
import {
  confirmationProblem,
  passwordProblem,
  presentPasswordProblem,
} from '../../lib/member-rules.ts';
import { clearToken } from '../../lib/stored-values.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import { useChangePassword } from './api/change-password.ts';

/**
 * Changes the login password. The server then ends every session of the member, this one
 * included, so success shows "modified successfully" and a countdown, after which the member
 * state is cleared and the member logs in again with the new password (SPEC.md section 4).
 */
export function ChangePasswordForm() {
  const { t } = useTranslation('web');
  const navigate = useNavigate();
  const session = useMemberSession();
  const errorText = useErrorText();
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const backToLogin = () => {
    clearToken();
    session.clear();
    void navigate('/login', { replace: true });
  };
  const countdown = useCountdown(backToLogin);
  const form = useForm(
    { oldPassword: '', password: '', confirmPassword: '' },
    {
      oldPassword: presentPasswordProblem,
      password: (value, values) =>
        passwordProblem(value) ??
        (value !== '' && value === values.oldPassword
          ? { code: 'samePassword', live: true }
          : null),
      confirmPassword: (value, values) => confirmationProblem(value, values.password),
    },
  );

  if (change.isSuccess) {
    return (
      <div className="security-done" role="status">
        <FormAlert tone="success">
          <strong>{t('account.personal.changePassword.success')}</strong>
          <span>
            {t('account.personal.changePassword.returning', { seconds: countdown.secondsLeft })}
          </span>
        </FormAlert>
        <button type="button" className="btn btn--primary btn--sm" onClick={backToLogin}>
          {t('account.personal.changePassword.loginNow')}
        </button>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!form.check(event.currentTarget)) return;
    change.mutate(form.values, {
      onSuccess: () => countdown.start(PASSWORD_CHANGED_RETURN_SECONDS),
      onError: (error) => {
        setFailure(errorText(error));
        if (error instanceof ApiError) form.markRefused(error.fields);
      },
    });
  };

  return (
    <form
      className="form security-form"
      onSubmit={submit}
      noValidate
      aria-label={t('account.personal.securityItems.loginPassword.title')}
    >
      <Field label={t('fields.oldPassword')} required error={form.error('oldPassword')}>
        {(id, description) => (
          <PasswordInput
            id={id}
            icon="lock"
            autoComplete="current-password"
            maxLength={64}
            placeholder={t('fields.oldPasswordPlaceholder')}
            {...description}
            {...form.input('oldPassword')}
          />
        )}
      </Field>
      <NewPasswordFields form={form} wording="newPassword" />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <button type="submit" className="btn btn--primary" disabled={change.isPending}>
        {change.isPending ? t('common.submitting') : t('account.personal.changePassword.submit')}
      </button>
    </form>
  );
}
