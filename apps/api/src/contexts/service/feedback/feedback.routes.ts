import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCloseFeedbackEndpoint,
  adminFeedbackDetailEndpoint,
  adminFeedbackListEndpoint,
  adminReplyFeedbackEndpoint,
  createFeedbackEndpoint,
  feedbackDetailEndpoint,
  feedbackListEndpoint,
} from '@lobby/contracts';
import { appError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { BRAND_IN_QUERY, operatorOf, recordBrand } from '../../../plugins/operator-auth.ts';
import type { FeedbackService } from './feedback.service.ts';
import { FEEDBACK_ERRORS } from './feedback.errors.ts';
import { memberIdOf } from '../../../plugins/session.ts';

const FORM = ['application/x-www-form-urlencoded', 'application/json'];
const member = { access: 'member' as const };
/** The operators who may call these routes: the permission each needs (DESIGN.md 3.11). */
const feedbackAnswer = { access: 'operator', permission: 'feedback.answer' } as const;

/** Member feedback tickets, and the operators' list, view, reply and close (all logged). */
export async function feedbackRoutes(app: FastifyInstance, options: { feedback: FeedbackService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { feedback } = options;
  const ticketInScope = recordBrand(
    'id',
    (id) => feedback.ticketBrand(id),
    () => appError(FEEDBACK_ERRORS, 'feedback_not_found'),
  );

  routes.post(
    createFeedbackEndpoint.path,
    {
      config: { ...member, rateLimitBucket: 'upload' as const },
      schema: {
        tags: ['feedback'],
        summary:
          'Send feedback: a category, 10-1000 characters and up to 3 of the member’s own ' +
          'feedback uploads (comma-separated ids); one ticket per 30 s',
        consumes: FORM,
        body: createFeedbackEndpoint.body,
        response: envelopeResponses(createFeedbackEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await feedback.create(
          request.brand.config.code,
          memberIdOf(request),
          request.body,
          request.language,
        ),
      ),
  );

  routes.get(
    feedbackListEndpoint.path,
    {
      config: member,
      schema: {
        tags: ['feedback'],
        summary: "The member's tickets, newest first, with replies and which are unseen",
        querystring: feedbackListEndpoint.query,
        response: envelopeResponses(feedbackListEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await feedback.memberTickets(
          request.brand.config.code,
          memberIdOf(request),
          request.query,
          request.language,
        ),
      ),
  );

  routes.get(
    feedbackDetailEndpoint.path,
    {
      config: member,
      schema: {
        tags: ['feedback'],
        summary: 'One ticket with its images (signed addresses); marks its reply seen',
        querystring: feedbackDetailEndpoint.query,
        response: envelopeResponses(feedbackDetailEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await feedback.memberTicket(
          request.brand.config.code,
          memberIdOf(request),
          request.query.id,
          request.language,
        ),
      ),
  );

  routes.get(
    adminFeedbackListEndpoint.path,
    {
      config: { ...feedbackAnswer, brand: BRAND_IN_QUERY },
      schema: {
        tags: ['operator'],
        summary: "A brand's tickets of one status: open oldest first, others newest first",
        querystring: adminFeedbackListEndpoint.query,
        response: envelopeResponses(adminFeedbackListEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await feedback.operatorList(operatorOf(request), request.query, {
          ip: request.ip,
          language: request.language,
        }),
      ),
  );

  routes.get(
    adminFeedbackDetailEndpoint.path,
    {
      config: { ...feedbackAnswer, brand: ticketInScope },
      schema: {
        tags: ['operator'],
        summary: 'One ticket with its images (signed addresses); the view is logged',
        params: adminFeedbackDetailEndpoint.params,
        response: envelopeResponses(adminFeedbackDetailEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await feedback.operatorTicket(operatorOf(request), request.params.id, {
          ip: request.ip,
          language: request.language,
        }),
      ),
  );

  routes.post(
    adminReplyFeedbackEndpoint.path,
    {
      config: { ...feedbackAnswer, brand: ticketInScope },
      schema: {
        tags: ['operator'],
        summary: 'Answer a ticket (status replied; the member sees it as unseen)',
        params: adminReplyFeedbackEndpoint.params,
        body: adminReplyFeedbackEndpoint.body,
        response: envelopeResponses(adminReplyFeedbackEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await feedback.reply(operatorOf(request), request.params.id, request.body.reply, {
          ip: request.ip,
          language: request.language,
        }),
      ),
  );

  routes.post(
    adminCloseFeedbackEndpoint.path,
    {
      config: { ...feedbackAnswer, brand: ticketInScope },
      schema: {
        tags: ['operator'],
        summary: 'Close a ticket (no more replies)',
        params: adminCloseFeedbackEndpoint.params,
        body: adminCloseFeedbackEndpoint.body,
        response: envelopeResponses(adminCloseFeedbackEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await feedback.close(operatorOf(request), request.params.id, request.body?.reason, {
          ip: request.ip,
          language: request.language,
        }),
      ),
  );
}
