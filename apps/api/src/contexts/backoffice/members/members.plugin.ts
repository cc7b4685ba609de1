import type { FastifyInstance } from 'fastify';
import { membersAdminRoutes } from './members-admin.routes.ts';
import type { MemberActionsService } from './member-record-actions.service.ts';
import { memberRecordRoutes } from './member-record.routes.ts';
import type { MemberRecordService } from './member-record.service.ts';
import type { MemberSearchService } from './member-search.service.ts';
import { memberHistoryExportRoutes } from './member-history-export.routes.ts';
import type { MemberHistoryExportService } from './member-history-export.service.ts';
import { memberHistoryRoutes } from './member-history.routes.ts';
import type { MemberHistoryService } from './member-history.service.ts';
import type { MemberLinksService } from './member-history-links.service.ts';
import { memberRecallRoutes } from './member-recall.routes.ts';
import type { GameRecallService } from '../../games/bet-records/index.ts';

/** The back office's view of members: search today, the member 360 view next. */
export async function membersAdminModule(
  app: FastifyInstance,
  options: {
    memberSearch: MemberSearchService;
    memberRecords: MemberRecordService;
    memberActions: MemberActionsService;
    memberHistory: MemberHistoryService;
    memberHistoryExports: MemberHistoryExportService;
    memberLinks: MemberLinksService;
    gameRecall: GameRecallService;
  },
) {
  await app.register(membersAdminRoutes, options);
  await app.register(memberRecordRoutes, options);
  await app.register(memberHistoryRoutes, options);
  await app.register(memberHistoryExportRoutes, options);
  await app.register(memberRecallRoutes, options);
}
