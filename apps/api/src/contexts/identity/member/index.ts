/** The member module's public surface: what other modules may use. */
export { MEMBER_ERRORS } from './member.errors.ts';
export { memberModule } from './member.plugin.ts';
export {
  findMemberByEmail,
  findMemberById,
  findMemberByInviteCode,
  findMemberByPhone,
  findMemberByUsername,
  findMembersByIds,
  findMemberKey,
  insertMember,
  lockMember,
  memberBrandOf,
  recordLogin,
  setMemberStatus,
  updateMember,
} from './member.repository.ts';
export type { MemberRow } from './member.repository.ts';
export { members } from './member.schema.ts';
export { MemberService, readNewPassword, toMemberInfo } from './member.service.ts';
export {
  deleteRestriction,
  findRestrictions,
  insertRestriction,
} from './restriction.repository.ts';
export type { RestrictionKind, RestrictionRow } from './restriction.repository.ts';
export { memberRestrictions } from './restriction.schema.ts';
export {
  assertMemberMoneyAllowed,
  memberMoneyRefusal,
  memberMoneyGateSql,
  type MemberGateAnswer,
  type MoneyMovement,
  type MoneyRefusal,
} from './restriction.ts';
export { revokeMemberSessions } from './session.repository.ts';
export { memberSessions } from './session.schema.ts';
export { hashSessionToken, newSessionToken, SessionService } from './session.service.ts';
