/** The auth module's public surface: what other modules may use. */
export { authModule } from './auth.plugin.ts';
export {
  clearLoginFailures,
  listMemberLogins,
  lockedSecondsLeft,
  memberLoginBatch,
  recordLoginFailure,
} from './auth.repository.ts';
export type { MemberLoginRow } from './auth.repository.ts';
export { AuthService } from './auth.service.ts';
