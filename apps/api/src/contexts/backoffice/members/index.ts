/** The back-office members module's public surface: what other modules may use. */
export { MemberSearchService } from './member-search.service.ts';
export { membersAdminModule } from './members.plugin.ts';
