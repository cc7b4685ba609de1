import { IdcardOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { kycMessages } from './i18n.ts';

/** The KYC queue: identity document sets waiting for review, and one set's review page. */
export const kycFeature: AdminFeature = {
  key: 'kyc',
  messages: kycMessages,
  routes: [
    {
      path: 'kyc',
      permission: 'kyc.review',
      load: () => import('./kyc-queue-page.tsx'),
      menu: { label: 'menu', icon: <IdcardOutlined />, order: 36 },
    },
    {
      path: 'kyc/:id',
      permission: 'kyc.review',
      load: () => import('./kyc-review-page.tsx'),
    },
  ],
};
