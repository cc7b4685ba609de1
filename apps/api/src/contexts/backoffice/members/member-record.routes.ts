import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAddMemberNoteEndpoint,
  adminCloseMemberEndpoint,
  adminFreezeMemberEndpoint,
  adminLockMemberEndpoint,
  adminLogoutMemberEndpoint,
  adminMemberLoginsEndpoint,
  adminMemberLoginsExportEndpoint,
  adminMemberNotesEndpoint,
  adminMemberNotesExportEndpoint,
  adminMemberPasswordResetEndpoint,
  adminMemberRecordEndpoint,
  adminSetMemberTagsEndpoint,
  adminUnfreezeMemberEndpoint,
  adminUnlockMemberEndpoint,
  type Permission,
} from '@lobby/contracts';
import { appError } from '../../../lib/app-error.ts';
import { csvResponses, sendCsvExport } from '../../../lib/csv-export.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { operatorOf, recordBrand } from '../../../plugins/operator-auth.ts';
import type { MemberActionsService } from './member-record-actions.service.ts';
import { MEMBER_RECORD_ERRORS } from './member-record.errors.ts';
import type { MemberRecordService } from './member-record.service.ts';

/** The member 360 page: the record, notes, tags, login history and the account actions. */
export async function memberRecordRoutes(
  app: FastifyInstance,
  options: { memberRecords: MemberRecordService; memberActions: MemberActionsService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { memberRecords, memberActions } = options;
  // A member of another brand answers as a missing one.
  const brand = recordBrand(
    'id',
    (id) => memberRecords.brandOf(id),
    () => appError(MEMBER_RECORD_ERRORS, 'member_not_found'),
  );
  const config = (permission: Permission) => ({ access: 'operator' as const, permission, brand });

  routes.get(
    adminMemberRecordEndpoint.path,
    {
      config: config('members.read'),
      schema: {
        tags: ['operator'],
        summary: "A member's profile, restrictions, balances by the books, tags and counts",
        params: adminMemberRecordEndpoint.params,
        response: envelopeResponses(adminMemberRecordEndpoint.response),
      },
    },
    async (request) => ok(await memberRecords.record(request.params.id, request.language)),
  );

  routes.get(
    adminMemberNotesEndpoint.path,
    {
      config: config('members.read'),
      schema: {
        tags: ['operator'],
        summary: "The operators' notes on a member, newest first",
        params: adminMemberNotesEndpoint.params,
        querystring: adminMemberNotesEndpoint.query,
        response: envelopeResponses(adminMemberNotesEndpoint.response),
      },
    },
    async (request) => ok(await memberRecords.notes(request.params.id, request.query)),
  );

  routes.get(
    adminMemberNotesExportEndpoint.path,
    {
      config: config('members.read'),
      schema: {
        tags: ['operator'],
        summary: "The operators' notes on a member as CSV, newest first",
        params: adminMemberNotesExportEndpoint.params,
        querystring: adminMemberNotesExportEndpoint.query,
        response: csvResponses(),
      },
    },
    async (request, reply) =>
      sendCsvExport(
        reply,
        await memberRecords.notesExport(
          operatorOf(request),
          request.params.id,
          request.query,
          request.ip,
        ),
      ),
  );

  routes.post(
    adminAddMemberNoteEndpoint.path,
    {
      config: config('members.write'),
      schema: {
        tags: ['operator'],
        summary: 'Add a note to a member (notes are never edited or deleted)',
        params: adminAddMemberNoteEndpoint.params,
        body: adminAddMemberNoteEndpoint.body,
        response: envelopeResponses(adminAddMemberNoteEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await memberRecords.addNote(
          operatorOf(request),
          request.params.id,
          request.body.text,
          request.ip,
        ),
      ),
  );

  routes.put(
    adminSetMemberTagsEndpoint.path,
    {
      config: config('members.write'),
      schema: {
        tags: ['operator'],
        summary: "Replace a member's tags",
        params: adminSetMemberTagsEndpoint.params,
        body: adminSetMemberTagsEndpoint.body,
        response: envelopeResponses(adminSetMemberTagsEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await memberRecords.setTags(
          operatorOf(request),
          request.params.id,
          request.body.tags,
          request.ip,
        ),
      ),
  );

  routes.get(
    adminMemberLoginsEndpoint.path,
    {
      config: config('members.read'),
      schema: {
        tags: ['operator'],
        summary: "A member's login attempts, newest first",
        params: adminMemberLoginsEndpoint.params,
        querystring: adminMemberLoginsEndpoint.query,
        response: envelopeResponses(adminMemberLoginsEndpoint.response),
      },
    },
    async (request) => ok(await memberRecords.logins(request.params.id, request.query)),
  );

  routes.get(
    adminMemberLoginsExportEndpoint.path,
    {
      config: config('members.read'),
      schema: {
        tags: ['operator'],
        summary: "A member's login attempts as CSV, newest first",
        params: adminMemberLoginsExportEndpoint.params,
        querystring: adminMemberLoginsExportEndpoint.query,
        response: csvResponses(),
      },
    },
    async (request, reply) =>
      sendCsvExport(
        reply,
        await memberRecords.loginsExport(
          operatorOf(request),
          request.params.id,
          request.query,
          request.ip,
        ),
      ),
  );

  const actions = [
    [adminLockMemberEndpoint, 'members.write', 'Lock the login: every session ends', 'lock'],
    [adminUnlockMemberEndpoint, 'members.write', 'Lift the login lock', 'unlock'],
    [adminFreezeMemberEndpoint, 'members.freeze', "Freeze the member's money", 'freeze'],
    [adminUnfreezeMemberEndpoint, 'members.freeze', 'Lift the money freeze', 'unfreeze'],
    [adminLogoutMemberEndpoint, 'members.write', 'End every session of the member', 'logout'],
    [adminCloseMemberEndpoint, 'members.write', 'Close the account for good', 'close'],
  ] as const;
  for (const [endpoint, permission, summary, action] of actions) {
    routes.post(
      endpoint.path,
      {
        config: config(permission),
        schema: {
          tags: ['operator'],
          summary,
          params: endpoint.params,
          body: endpoint.body,
          response: envelopeResponses(endpoint.response),
        },
      },
      async (request) =>
        ok(
          await memberActions[action](operatorOf(request), request.params.id, {
            reason: request.body.reason,
            ip: request.ip,
          }),
        ),
    );
  }

  routes.post(
    adminMemberPasswordResetEndpoint.path,
    {
      config: config('members.write'),
      schema: {
        tags: ['operator'],
        summary: 'Send the member a password reset code (where it went, masked)',
        params: adminMemberPasswordResetEndpoint.params,
        body: adminMemberPasswordResetEndpoint.body,
        response: envelopeResponses(adminMemberPasswordResetEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await memberActions.passwordReset(operatorOf(request), request.params.id, {
          reason: request.body.reason,
          channel: request.body.channel,
          ip: request.ip,
        }),
      ),
  );
}
