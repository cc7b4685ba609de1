import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REAL_NAME_RULE } from '@lobby/contracts';
import { useMember } from '../../app/session-store.ts';
import { Field, FormAlert, TextInput } from '../../components/ui/form.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { realNameProblem } from '../../lib/member-rules.ts';
import { alipayAccountProblem } from '../../lib/payout-rules.ts';
import { AccountFormFrame, useAccountAdded } from './account-form.tsx';
import { useAddPayoutAccount } from './api/add-payout-account.ts';

/** /finance/addAlipay: an Alipay account (a mainland mobile number or an e-mail address). */
export function AddAlipayPage() {
  return (
    <AccountFormFrame
      icon="wallet"
      titleKey="finance.addAlipay.title"
      subtitleKey="finance.addAlipay.subtitle"
    >
      <AlipayForm />
    </AccountFormFrame>
  );
}

function AlipayForm() {
  const { t } = useTranslation('web');
  const member = useMember();
  const errorText = useErrorText();
  const add = useAddPayoutAccount();
  const added = useAccountAdded('alipay');
  const [failure, setFailure] = useState<string | null>(null);
  // Member info shows the real name masked (李*): the member types it, the server compares.
  const maskedRealName = member?.realNameSet ? member.realName : null;
  const form = useForm(
    { account: '', holderName: '' },
    { account: alipayAccountProblem, holderName: (value) => realNameProblem(value) },
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!form.check(event.currentTarget)) return;
    add.mutate(
      {
        type: 'alipay',
        body: { account: form.values.account.trim(), holderName: form.values.holderName.trim() },
      },
      {
        onSuccess: added,
        onError: (error) => {
          setFailure(errorText(error));
          if (error instanceof ApiError) form.markRefused(error.fields);
        },
      },
    );
  };

  return (
    <form className="form form--narrow" onSubmit={submit} noValidate>
      <Field
        label={t('fields.alipayAccount')}
        required
        error={form.error('account')}
        hint={t('finance.addAlipay.accountHint')}
      >
        {(id, description) => (
          <TextInput
            id={id}
            icon="wallet"
            autoComplete="off"
            maxLength={254}
            placeholder={t('fields.alipayAccountPlaceholder')}
            {...description}
            {...form.input('account')}
          />
        )}
      </Field>
      <Field
        label={t('fields.holderName')}
        required
        error={form.error('holderName')}
        hint={
          maskedRealName
            ? t('finance.holderIsRealName', { name: maskedRealName })
            : t('finance.holderMustBeRealName')
        }
      >
        {(id, description) => (
          <TextInput
            id={id}
            icon="user"
            autoComplete="name"
            maxLength={REAL_NAME_RULE.maxLength}
            placeholder={t('fields.realNamePlaceholder')}
            {...description}
            {...form.input('holderName')}
          />
        )}
      </Field>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <button type="submit" className="btn btn--primary btn--block" disabled={add.isPending}>
        {add.isPending ? t('common.submitting') : t('finance.addAlipay.submit')}
      </button>
    </form>
  );
}
