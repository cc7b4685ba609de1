/** The rsa-rotation module's public surface: what other modules and commands may use. */
export { otherSessions, type OtherSession } from './rsa-rotation.repository.ts';
export {
  losses,
  rotateRsaKey,
  type RotationOutcome,
  type RotationReport,
} from './rsa-rotation.service.ts';
