import { AccountForm } from './account-form.tsx';

/** /finance/virtualCoinCard: a virtual-currency wallet address for withdrawals. */
export function VirtualCoinCardPage() {
  return (
    <AccountForm
      icon="coin"
      titleKey="finance.virtualCoinCard.title"
      subtitleKey="finance.virtualCoinCard.subtitle"
      fields={[
        {
          kind: 'select',
          name: 'protocol',
          placeholderKey: 'finance.virtualCoinCard.chooseProtocol',
        },
        { kind: 'text', name: 'walletAddress', icon: 'coin' },
        { kind: 'text', name: 'walletAlias', icon: 'record' },
        { kind: 'password', name: 'withdrawPassword' },
      ]}
    />
  );
}
