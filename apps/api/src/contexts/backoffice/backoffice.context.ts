import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Games } from '../games/games.context.ts';
import type { Identity } from '../identity/identity.context.ts';
import type { Platform } from '../platform/platform.context.ts';
import { AuditEventsService, auditEventsModule } from './audit-events/index.ts';
import { BrandAdminService, brandsAdminModule } from './brands/index.ts';
import { ProtectionAdminService, protectionAdminModule } from './protection/index.ts';
import type { Protection } from '../protection/protection.context.ts';
import {
  MemberActionsService,
  MemberHistoryExportService,
  MemberHistoryService,
  MemberLinksService,
  MemberRecordService,
  MemberSearchService,
  membersAdminModule,
} from './members/index.ts';

/**
 * The back office: the operators' management of what spans the other contexts. Answers the
 * member actions, whose freeze the risk-alert queue (protection) reuses through app.ts.
 */
export async function registerBackoffice(
  app: FastifyInstance,
  settings: {
    db: Database;
    platform: Platform;
    identity: Identity;
    games: Games;
    protection: Protection;
    historyClock?: (() => Date) | undefined;
  },
): Promise<{ memberActions: MemberActionsService }> {
  const memberRecords = new MemberRecordService({
    db: settings.db,
    brands: settings.platform.brands,
    operators: settings.identity.operators,
  });
  const memberHistory = new MemberHistoryService({
    db: settings.db,
    brands: settings.platform.brands,
    ...(settings.historyClock ? { now: settings.historyClock } : {}),
  });
  const memberActions = new MemberActionsService({
    db: settings.db,
    records: memberRecords,
    operators: settings.identity.operators,
    auth: settings.identity.auth,
    leavePresence: (brandCode, memberId) => settings.games.presence.leave(brandCode, memberId),
    forgetSessions: (memberId) => settings.identity.sessions.forgetMember(memberId),
  });
  await app.register(protectionAdminModule, {
    protectionAdmin: new ProtectionAdminService({
      db: settings.db,
      brands: settings.platform.brands,
      protection: settings.protection,
      registry: settings.identity.registry,
      operators: settings.identity.operators,
    }),
  });
  await app.register(auditEventsModule, {
    auditEvents: new AuditEventsService({
      db: settings.db,
      audit: settings.platform.audit,
      operators: settings.identity.operators,
    }),
  });
  await app.register(brandsAdminModule, {
    brandAdmin: new BrandAdminService({
      db: settings.db,
      brands: settings.platform.brands,
      operators: settings.identity.operators,
    }),
  });
  await app.register(membersAdminModule, {
    memberSearch: new MemberSearchService({
      db: settings.db,
      brands: settings.platform.brands,
      operators: settings.identity.operators,
    }),
    memberRecords,
    memberActions,
    memberHistory,
    memberHistoryExports: new MemberHistoryExportService({
      db: settings.db,
      history: memberHistory,
      operators: settings.identity.operators,
    }),
    memberLinks: new MemberLinksService({ db: settings.db }),
    gameRecall: settings.games.gameRecall,
  });
  return { memberActions };
}
