import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REAL_NAME_RULE } from '@lobby/contracts';
import { useMember } from '../../app/session-store.ts';
import { Field, FormAlert, TextInput } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { realNameProblem } from '../../lib/member-rules.ts';
import { cardDigits, cardNumberProblem, formatCardNumber } from '../../lib/payout-rules.ts';
import { AccountFormFrame, useAccountAdded } from './account-form.tsx';
import { useAddPayoutAccount } from './api/add-payout-account.ts';
import { useWithdrawBanks, type WithdrawBank } from './api/withdraw-banks.ts';

/** Group -1 (a bank in none of the spec's groups) last. */
const GROUP_ORDER = [0, 1, 2, 3, -1] as const;

function groupBanks(banks: readonly WithdrawBank[]) {
  return GROUP_ORDER.map((group) => ({
    group,
    banks: banks.filter((bank) => bank.group === group),
  })).filter((entry) => entry.banks.length > 0);
}

/**
 * /finance/addBankCard: the bank (grouped by the spec's bank groups, which also colour the card),
 * the card number checked as typed (digits, 16 to 19, the Luhn check digit) and the holder, who
 * is the member's real name.
 */
export function AddBankCardPage() {
  return (
    <AccountFormFrame
      icon="card"
      titleKey="finance.addBankCard.title"
      subtitleKey="finance.addBankCard.subtitle"
    >
      <BankCardForm />
    </AccountFormFrame>
  );
}

function BankCardForm() {
  const { t } = useTranslation('web');
  const member = useMember();
  const errorText = useErrorText();
  const banks = useWithdrawBanks();
  const add = useAddPayoutAccount();
  const added = useAccountAdded('bank');
  const [failure, setFailure] = useState<string | null>(null);
  // Member info shows the real name masked (李*): the member types it, the server compares.
  const maskedRealName = member?.realNameSet ? member.realName : null;
  const form = useForm(
    { bankCode: '', cardNumber: '', holderName: '' },
    {
      bankCode: (value) => (value === '' ? { code: 'chooseBank', live: false } : null),
      cardNumber: cardNumberProblem,
      holderName: (value) => realNameProblem(value),
    },
  );
  const bank = banks.data?.find((item) => item.code === form.values.bankCode);
  const digits = cardDigits(form.values.cardNumber);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!form.check(event.currentTarget)) return;
    add.mutate(
      {
        type: 'bank',
        body: {
          bankCode: form.values.bankCode,
          cardNumber: digits,
          holderName: form.values.holderName.trim(),
        },
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
      <div
        className={`bank-card bank-card--preview bank-card--group-${bank?.group ?? -1}`}
        aria-hidden="true"
      >
        <span className="bank-card__bank">
          <Icon name="card" size={18} />
          {bank?.name ?? t('finance.addBankCard.chooseBank')}
        </span>
        <span className="bank-card__number">
          {digits ? formatCardNumber(digits) : '•••• •••• •••• ••••'}
        </span>
        <span className="bank-card__holder">{form.values.holderName || '--'}</span>
      </div>
      <Field label={t('fields.bank')} required error={form.error('bankCode')}>
        {(id, description) => (
          <div className="input input--select">
            <select
              id={id}
              className="input__control"
              {...description}
              {...form.input('bankCode')}
              disabled={!banks.data}
            >
              <option value="">
                {banks.isPending ? t('common.loading') : t('finance.addBankCard.chooseBank')}
              </option>
              {groupBanks(banks.data ?? []).map((entry) => (
                <optgroup key={entry.group} label={t(`finance.addBankCard.groups.${entry.group}`)}>
                  {entry.banks.map((item) => (
                    <option key={item.code} value={item.code}>
                      {item.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            <Icon name="chevronDown" size={16} className="input__chevron" />
          </div>
        )}
      </Field>
      <Field
        label={t('fields.cardNumber')}
        required
        error={form.error('cardNumber')}
        hint={t('finance.addBankCard.cardNumberHint')}
      >
        {(id, description) => (
          <TextInput
            id={id}
            icon="card"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder={t('fields.cardNumberPlaceholder')}
            {...description}
            {...form.input('cardNumber')}
            onChange={(event) => {
              // Digits only, grouped by four as on the card, checked as they are typed.
              const typed = event.target.value;
              form.set(
                'cardNumber',
                /[^\d\s-]/.test(typed) ? typed : formatCardNumber(cardDigits(typed)),
              );
            }}
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
        {add.isPending ? t('common.submitting') : t('finance.addBankCard.submit')}
      </button>
    </form>
  );
}
