import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Cache } from '../../cache/index.ts';
import type { Database } from '../../db/client.ts';
import type { Platform } from '../platform/platform.context.ts';
import { AuthService, authModule } from './auth/index.ts';
import { MemberService, SessionService, memberModule } from './member/index.ts';
import {
  OperatorAdminService,
  OperatorService,
  TOTP_KEY_LABEL,
  operatorModule,
} from './operator/index.ts';
import { ExclusionRegistry, REGISTRY_KEY_LABEL } from './registry/index.ts';
import { UploadUrlSigner, uploadModule } from './upload/index.ts';

/** The identity context: members (their accounts, sessions, registration and login) and staff. */
export type Identity = {
  /** The exclusion registry shared by every brand (issue 15, point 5). */
  registry: ExclusionRegistry;
  sessions: SessionService;
  /** Private uploads (feedback and chat images) are shown on addresses signed with this key. */
  uploadSigner: UploadUrlSigner;
  members: MemberService;
  auth: AuthService;
  operators: OperatorService;
  operatorAdmin: OperatorAdminService;
};

export function createIdentity(settings: {
  db: Database;
  /** Carries session revocations to every node (pub/sub). */
  cache: Cache;
  log: FastifyBaseLogger;
  platform: Platform;
  /** A member's VIP level, shown with the member (the engagement context keeps VIP). */
  vipLevelOf: (memberId: bigint) => Promise<number>;
  /** The risk rules told of each registration and login (player protection, above identity). */
  memberAccessed?: (event: { brandCode: string; memberId: bigint }) => Promise<void>;
}): Identity {
  const { db, platform } = settings;
  const sessions = new SessionService(db, { cache: settings.cache });
  // The registry's key: derived from the site's key pair, the same on every node and brand.
  const registry = new ExclusionRegistry({
    db,
    key: platform.rsa.deriveSecret(REGISTRY_KEY_LABEL),
  });
  const shared = {
    db,
    rsa: platform.rsa,
    sessions,
    verification: platform.verification,
    registry,
  };
  const operators = new OperatorService(db, {
    alerts: settings.log,
    audit: platform.audit,
    totpKey: platform.rsa.deriveSecret(TOTP_KEY_LABEL),
    brandsRequireTotp: (scope) =>
      platform.brands
        .all()
        .some(
          (brand) =>
            brand.backOffice.operatorTotpRequired &&
            (scope === 'all' || scope.includes(brand.config.code)),
        ),
  });
  const members = new MemberService({
    ...shared,
    vipLevelOf: settings.vipLevelOf,
    cache: settings.cache,
  });
  return {
    registry,
    sessions,
    uploadSigner: new UploadUrlSigner(platform.rsa.deriveSecret('upload-url')),
    members,
    auth: new AuthService({
      ...shared,
      captcha: platform.captchas,
      vipLevelOf: settings.vipLevelOf,
      log: settings.log,
      audit: platform.audit,
      infoChanged: (memberId) => members.infoChanged(memberId),
      memberAccessed: settings.memberAccessed,
    }),
    operators,
    operatorAdmin: new OperatorAdminService({
      db,
      operators,
      brandExists: (code) => platform.brands.get(code) !== undefined,
    }),
  };
}

export async function registerIdentity(
  app: FastifyInstance,
  identity: Identity,
  settings: {
    db: Database;
    platform: Platform;
    /** Takes a member off the online list at logout, rather than when it lapses (games). */
    leavePresence: (brandCode: string, memberId: bigint) => Promise<void>;
  },
) {
  await app.register(authModule, {
    auth: identity.auth,
    rsa: settings.platform.rsa,
    leavePresence: settings.leavePresence,
  });
  await app.register(memberModule, { members: identity.members });
  await app.register(uploadModule, {
    db: settings.db,
    signer: identity.uploadSigner,
    onAvatarUploaded: (memberId, url) => identity.members.setAvatar(memberId, url),
  });
  await app.register(operatorModule, {
    operators: identity.operators,
    operatorAdmin: identity.operatorAdmin,
  });
  await identity.sessions.start();
  await identity.members.start();
  app.addHook('onClose', async () => {
    await identity.sessions.stop();
    await identity.members.stop();
  });
}
