import { AccountForm } from './account-form.tsx';

/** /finance/addBankCard */
export function AddBankCardPage() {
  return (
    <AccountForm
      icon="card"
      titleKey="finance.addBankCard.title"
      subtitleKey="finance.addBankCard.subtitle"
      fields={[
        { kind: 'text', name: 'realName', icon: 'user' },
        { kind: 'select', name: 'bank', placeholderKey: 'finance.addBankCard.chooseBank' },
        { kind: 'text', name: 'cardNumber', icon: 'card', inputMode: 'numeric' },
        { kind: 'text', name: 'branch', icon: 'home' },
        { kind: 'password', name: 'withdrawPassword' },
      ]}
    />
  );
}
