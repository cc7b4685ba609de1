import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REAL_NAME_RULE } from '@lobby/contracts';
import { Field, FormAlert, TextInput } from '../../components/ui/form.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { realNameProblem } from '../../lib/member-rules.ts';
import { useSetRealName } from './api/real-name.ts';

/** Sets the real name, once: it must match the name on the member's payout accounts. */
export function RealNameForm({ onSaved }: { onSaved(): void }) {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const save = useSetRealName();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ realName: '' }, { realName: (value) => realNameProblem(value) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!form.check(event.currentTarget)) return;
    save.mutate(form.values.realName, {
      onSuccess: onSaved,
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
      aria-label={t('account.personal.securityItems.realName.title')}
    >
      <Field
        label={t('fields.realName')}
        required
        error={form.error('realName')}
        hint={t('account.personal.realName.hint')}
      >
        {(id, description) => (
          <TextInput
            id={id}
            icon="idCard"
            autoComplete="name"
            maxLength={REAL_NAME_RULE.maxLength}
            placeholder={t('fields.realNamePlaceholder')}
            {...description}
            {...form.input('realName')}
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
