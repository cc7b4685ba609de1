/** The back-office members module's public surface: what other modules may use. */
export { MemberHistoryService } from './member-history.service.ts';
export { MemberHistoryExportService } from './member-history-export.service.ts';
export { MemberLinksService } from './member-history-links.service.ts';
export { MemberActionsService } from './member-record-actions.service.ts';
export { MemberRecordService } from './member-record.service.ts';
export { MemberSearchService } from './member-search.service.ts';
export { membersAdminModule } from './members.plugin.ts';
