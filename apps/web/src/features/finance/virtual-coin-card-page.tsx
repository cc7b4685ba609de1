import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormAlert, TextInput } from '../../components/ui/form.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { ADDRESS_FORMATS, coinAddressProblem } from '../../lib/payout-rules.ts';
import { AccountFormFrame, useAccountAdded } from './account-form.tsx';
import { useAddPayoutAccount } from './api/add-payout-account.ts';
import { useVirtualProtocols } from './api/virtual-protocols.ts';

const ADDRESS_MAX_LENGTH = 128;

/**
 * /finance/virtualCoinCard: a virtual-coin address for withdrawals, on one of the protocols the
 * server offers (with the coin of each), checked against that protocol's address format.
 */
export function VirtualCoinCardPage() {
  return (
    <AccountFormFrame
      icon="coin"
      titleKey="finance.virtualCoinCard.title"
      subtitleKey="finance.virtualCoinCard.subtitle"
    >
      <CoinAddressForm />
    </AccountFormFrame>
  );
}

function CoinAddressForm() {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const protocols = useVirtualProtocols();
  const add = useAddPayoutAccount();
  const added = useAccountAdded('virtual');
  const [failure, setFailure] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const protocol = protocols.data?.find((item) => item.id === chosen) ?? protocols.data?.[0];
  const protocolId = protocol?.id ?? null;
  const form = useForm(
    { address: '' },
    { address: (value) => coinAddressProblem(value, protocolId) },
  );
  const format = protocol ? ADDRESS_FORMATS[protocol.name] : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!form.check(event.currentTarget) || protocolId === null) return;
    add.mutate(
      { type: 'virtual', body: { protocol: protocolId, address: form.values.address.trim() } },
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
      <div className="field">
        <span className="field__label" id="coin-protocol">
          {t('fields.protocol')}
          <span className="field__required">*</span>
        </span>
        {protocols.isPending ? (
          <div className="skeleton skeleton--line" />
        ) : (
          <div className="chip-group" role="radiogroup" aria-labelledby="coin-protocol">
            {(protocols.data ?? []).map((item) => (
              <button
                key={item.id}
                type="button"
                role="radio"
                aria-checked={item.id === protocolId}
                className={item.id === protocolId ? 'chip is-active' : 'chip'}
                onClick={() => setChosen(item.id)}
              >
                {item.coinName} · {item.name}
              </button>
            ))}
          </div>
        )}
        {protocols.error ? <p className="field__error">{errorText(protocols.error)}</p> : null}
      </div>
      <Field
        label={t('fields.walletAddress')}
        required
        error={form.error('address')}
        hint={
          protocol && format
            ? t('finance.virtualCoinCard.addressHint', {
                protocol: protocol.name,
                prefix: format.prefix,
                length: format.length,
              })
            : undefined
        }
      >
        {(id, description) => (
          <TextInput
            id={id}
            icon="coin"
            autoComplete="off"
            spellCheck={false}
            maxLength={ADDRESS_MAX_LENGTH}
            placeholder={t('fields.walletAddressPlaceholder')}
            {...description}
            {...form.input('address')}
          />
        )}
      </Field>
      <p className="callout" role="note">
        {t('finance.virtualCoinCard.warning', { coin: protocol?.coinName ?? 'USDT' })}
      </p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <button type="submit" className="btn btn--primary btn--block" disabled={add.isPending}>
        {add.isPending ? t('common.submitting') : t('finance.virtualCoinCard.submit')}
      </button>
    </form>
  );
}
