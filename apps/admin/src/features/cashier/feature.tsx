import { BankOutlined, WalletOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { cashierMessages } from './i18n.ts';

export const cashierFeature: AdminFeature = {
  key: 'cashier',
  messages: cashierMessages,
  routes: [
    {
      path: 'deposits',
      permission: 'deposits.review',
      load: () => import('./deposits-page.tsx'),
      menu: { label: 'menuDeposits', icon: <BankOutlined />, order: 30 },
    },
    {
      path: 'deposits/:orderNo',
      permission: 'deposits.review',
      load: () => import('./deposit-detail-page.tsx'),
    },
    {
      path: 'withdrawals',
      permission: 'withdrawals.review',
      load: () => import('./withdrawals-page.tsx'),
      menu: { label: 'menuWithdrawals', icon: <WalletOutlined />, order: 31 },
    },
    {
      path: 'withdrawals/:orderNo',
      permission: 'withdrawals.review',
      load: () => import('./withdrawal-detail-page.tsx'),
    },
  ],
};
