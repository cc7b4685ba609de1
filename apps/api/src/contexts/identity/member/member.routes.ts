import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bindEmailEndpoint,
  bindPhoneEndpoint,
  changePasswordEndpoint,
  memberInfoEndpoint,
  realNameEndpoint,
  setWithdrawPasswordEndpoint,
  withdrawPasswordConfigEndpoint,
} from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { MemberService } from './member.service.ts';
import { memberIdOf } from '../../../plugins/session.ts';

const FORM = ['application/x-www-form-urlencoded', 'application/json'];
const member = { access: 'member' as const };

/** The member's own account; every route needs a session. */
export async function memberRoutes(app: FastifyInstance, options: { members: MemberService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { members } = options;

  routes.get(
    memberInfoEndpoint.path,
    {
      config: member,
      schema: {
        tags: ['members'],
        summary: 'The member: username, avatar (qq), masked contacts, last login',
        response: envelopeResponses(memberInfoEndpoint.response),
      },
    },
    async (request) => ok(await members.info(request.brand, memberIdOf(request))),
  );

  routes.post(
    changePasswordEndpoint.path,
    {
      config: member,
      schema: {
        tags: ['members'],
        summary: 'Change the login password; every session ends',
        consumes: FORM,
        body: changePasswordEndpoint.body,
        response: envelopeResponses(changePasswordEndpoint.response),
      },
    },
    async (request) => {
      await members.changePassword(request.brand, memberIdOf(request), request.body);
      return ok({ changed: true as const });
    },
  );

  routes.post(
    bindPhoneEndpoint.path,
    {
      config: member,
      schema: {
        tags: ['members'],
        summary: 'Bind a phone with its code',
        consumes: FORM,
        body: bindPhoneEndpoint.body,
        response: envelopeResponses(bindPhoneEndpoint.response),
      },
    },
    async (request) =>
      ok(await members.bindPhone(request.brand, memberIdOf(request), request.body)),
  );

  routes.post(
    bindEmailEndpoint.path,
    {
      config: member,
      schema: {
        tags: ['members'],
        summary: 'Bind an e-mail with its code',
        consumes: FORM,
        body: bindEmailEndpoint.body,
        response: envelopeResponses(bindEmailEndpoint.response),
      },
    },
    async (request) =>
      ok(await members.bindEmail(request.brand, memberIdOf(request), request.body)),
  );

  routes.post(
    realNameEndpoint.path,
    {
      config: member,
      schema: {
        tags: ['members'],
        summary: 'Set the real name, once',
        consumes: FORM,
        body: realNameEndpoint.body,
        response: envelopeResponses(realNameEndpoint.response),
      },
    },
    async (request) =>
      ok(await members.setRealName(request.brand, memberIdOf(request), request.body.realName)),
  );

  routes.post(
    setWithdrawPasswordEndpoint.path,
    {
      config: member,
      schema: {
        tags: ['members'],
        summary: 'Set, or change with the old one, the withdrawal password',
        consumes: FORM,
        body: setWithdrawPasswordEndpoint.body,
        response: envelopeResponses(setWithdrawPasswordEndpoint.response),
      },
    },
    async (request) =>
      ok(await members.setWithdrawPassword(request.brand, memberIdOf(request), request.body)),
  );

  routes.get(
    withdrawPasswordConfigEndpoint.path,
    {
      config: member,
      schema: {
        tags: ['members'],
        summary: 'Whether withdrawal passwords are enabled (d) and set (p)',
        response: envelopeResponses(withdrawPasswordConfigEndpoint.response),
      },
    },
    async (request) => ok(await members.withdrawPasswordConfig(request.brand, memberIdOf(request))),
  );
}
