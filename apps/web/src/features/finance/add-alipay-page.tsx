import { AccountForm } from './account-form.tsx';

/** /finance/addAlipay */
export function AddAlipayPage() {
  return (
    <AccountForm
      icon="wallet"
      titleKey="finance.addAlipay.title"
      subtitleKey="finance.addAlipay.subtitle"
      fields={[
        { kind: 'text', name: 'realName', icon: 'user' },
        { kind: 'text', name: 'alipayAccount', icon: 'wallet' },
        { kind: 'password', name: 'withdrawPassword' },
      ]}
    />
  );
}
