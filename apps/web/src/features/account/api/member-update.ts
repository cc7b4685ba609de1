import type { MemberInfo } from '@lobby/contracts';
import { sessionStore } from '../../../app/session-store.ts';

/**
 * After a profile change that answers with the member's info (bind phone or e-mail, real name,
 * withdrawal password): that answer is the forced refresh, so the header and the screens show
 * it at once without another call.
 */
export function useApplyMemberUpdate(): (member: MemberInfo) => void {
  return (member) => sessionStore.updateMember(member);
}
