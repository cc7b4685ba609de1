import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancelMemberLimitEndpoint,
  confirmMemberLimitEndpoint,
  memberLimitsEndpoint,
  playTickEndpoint,
  realityCheckEndpoint,
  setMemberLimitEndpoint,
  setRealityCheckEndpoint,
} from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { LimitsService } from './limits.service.ts';
import type { PlayService } from './play.service.ts';
import { memberIdOf } from '../../../plugins/session.ts';

const member = { access: 'member' as const };
const tags = ['protection'];

/** The member's limits: see, set, confirm or withdraw a waiting change. */
export async function limitsRoutes(
  app: FastifyInstance,
  options: { limits: LimitsService; play: PlayService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { limits, play } = options;

  routes.get(
    realityCheckEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: "The member's reality-check interval, and the brand's default",
        response: envelopeResponses(realityCheckEndpoint.response),
      },
    },
    async (request) => ok(await play.realityCheck(request.brand, memberIdOf(request))),
  );

  routes.post(
    setRealityCheckEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: "Set the member's reality-check interval (0 none, null the brand's default)",
        body: setRealityCheckEndpoint.body,
        response: envelopeResponses(setRealityCheckEndpoint.response),
      },
    },
    async (request) =>
      ok(await play.setRealityCheck(request.brand, memberIdOf(request), request.body.minutes)),
  );

  routes.post(
    playTickEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary:
          "The game screen's tick: counts play time, answers the reality check's figures and whether play must stop",
        body: playTickEndpoint.body,
        response: envelopeResponses(playTickEndpoint.response),
      },
    },
    async (request) =>
      ok(await play.tick(request.brand, memberIdOf(request), new Date(request.body.startedAt))),
  );

  routes.get(
    memberLimitsEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: "The member's limits with what is used and left, and waiting changes",
        response: envelopeResponses(memberLimitsEndpoint.response),
      },
    },
    async (request) => ok(await limits.view(request.brand, memberIdOf(request))),
  );

  routes.post(
    setMemberLimitEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary:
          'Set, lower (at once), raise or remove (after 24 hours and a confirmation) a limit',
        body: setMemberLimitEndpoint.body,
        response: envelopeResponses(setMemberLimitEndpoint.response),
      },
    },
    async (request) => {
      const memberId = memberIdOf(request);
      const { kind, period, amount } = request.body;
      await limits.set(request.brand, memberId, { kind, period }, amount);
      return ok(await limits.view(request.brand, memberId));
    },
  );

  routes.post(
    confirmMemberLimitEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: 'Confirm a raise or removal whose 24 hours have passed',
        body: confirmMemberLimitEndpoint.body,
        response: envelopeResponses(confirmMemberLimitEndpoint.response),
      },
    },
    async (request) => {
      const memberId = memberIdOf(request);
      await limits.confirm(request.brand, memberId, request.body);
      return ok(await limits.view(request.brand, memberId));
    },
  );

  routes.post(
    cancelMemberLimitEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: 'Withdraw a waiting raise or removal',
        body: cancelMemberLimitEndpoint.body,
        response: envelopeResponses(cancelMemberLimitEndpoint.response),
      },
    },
    async (request) => {
      const memberId = memberIdOf(request);
      await limits.cancel(request.brand, memberId, request.body);
      return ok(await limits.view(request.brand, memberId));
    },
  );
}
