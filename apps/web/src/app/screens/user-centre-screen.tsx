import { UserCentrePage } from '../../features/member/user-centre-page.tsx';
import { VipSummary } from '../../features/vip/vip-summary.tsx';

/** /user: the member centre's overview with the VIP feature's card in it, one chunk. */
export function UserCentreScreen() {
  return <UserCentrePage vipSummary={<VipSummary />} />;
}
