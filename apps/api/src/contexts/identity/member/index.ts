/** The member module's public surface: what other modules may use. */
export { MEMBER_ERRORS } from './member.errors.ts';
export { memberModule } from './member.plugin.ts';
export {
  findMemberByEmail,
  findMemberById,
  findMemberByInviteCode,
  findMemberByPhone,
  findMemberByUsername,
  insertMember,
  recordLogin,
  updateMember,
} from './member.repository.ts';
export type { MemberRow } from './member.repository.ts';
export { members } from './member.schema.ts';
export { MemberService, readNewPassword, toMemberInfo } from './member.service.ts';
export { hashSessionToken, newSessionToken, SessionService } from './session.service.ts';
