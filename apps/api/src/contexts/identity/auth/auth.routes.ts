import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  forgetPasswordEndpoint,
  loginEndpoint,
  logoutEndpoint,
  preInfoEndpoint,
  registerEndpoint,
  RESPONSE_HEADERS,
  sendCodeEndpoint,
} from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { RsaKeys } from '../../platform/rsa/index.ts';
import type { AuthService, Caller } from './auth.service.ts';

const FORM = ['application/x-www-form-urlencoded', 'application/json'];

export function callerOf(request: FastifyRequest): Caller {
  return {
    brand: request.brand,
    ip: request.ip,
    deviceNo: request.client.deviceNo,
    userAgent: request.client.userAgent,
    language: request.language,
  };
}

/** Hands the new session token to the browser: the `id` header, which the client stores as t. */
function issueToken(reply: FastifyReply, token: string): void {
  reply.header(RESPONSE_HEADERS.token, token);
}

export async function authRoutes(
  app: FastifyInstance,
  options: {
    auth: AuthService;
    rsa: RsaKeys;
    /** Takes the member off the operators' online list at once, rather than when it lapses. */
    leavePresence?: (brandCode: string, memberId: bigint) => Promise<void>;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { auth, rsa } = options;

  routes.get(
    preInfoEndpoint.path,
    {
      schema: {
        tags: ['members'],
        summary: 'The public key for passwords and what registration asks for',
        response: envelopeResponses(preInfoEndpoint.response),
      },
    },
    async (request) =>
      ok({ publicKey: rsa.publicKeyPem, registration: request.brand.config.settings.registration }),
  );

  routes.post(
    registerEndpoint.path,
    {
      config: { rateLimitBucket: 'register' },
      schema: {
        tags: ['members'],
        summary: 'Register, and log in',
        consumes: FORM,
        body: registerEndpoint.body,
        response: envelopeResponses(registerEndpoint.response),
      },
    },
    async (request, reply) => {
      const { token, info } = await auth.register(callerOf(request), request.body);
      issueToken(reply, token);
      return ok(info);
    },
  );

  routes.post(
    loginEndpoint.path,
    {
      config: { rateLimitBucket: 'login' },
      schema: {
        tags: ['members'],
        summary: 'Log in with username, encrypted password and captcha',
        consumes: FORM,
        body: loginEndpoint.body,
        response: envelopeResponses(loginEndpoint.response),
      },
    },
    async (request, reply) => {
      const { token, info } = await auth.login(callerOf(request), request.body);
      issueToken(reply, token);
      return ok(info);
    },
  );

  routes.post(
    logoutEndpoint.path,
    {
      config: { access: 'member' },
      schema: {
        tags: ['members'],
        summary: 'End this session',
        response: envelopeResponses(logoutEndpoint.response),
      },
    },
    async (request) => {
      await auth.logout(BigInt(request.member?.sessionId ?? '0'));
      if (request.member && options.leavePresence) {
        await options.leavePresence(request.brand.config.code, BigInt(request.member.memberId));
      }
      return ok({ loggedOut: true as const });
    },
  );

  routes.post(
    sendCodeEndpoint.path,
    {
      config: { access: 'optional', rateLimitBucket: 'codes' },
      schema: {
        tags: ['members'],
        summary: 'Send a verification code to a phone or an e-mail (after the captcha)',
        consumes: FORM,
        body: sendCodeEndpoint.body,
        response: envelopeResponses(sendCodeEndpoint.response),
      },
    },
    async (request) => {
      const memberId = request.member ? BigInt(request.member.memberId) : null;
      return ok(await auth.sendCode(callerOf(request), memberId, request.body));
    },
  );

  routes.post(
    forgetPasswordEndpoint.path,
    {
      config: { rateLimitBucket: 'forget' },
      schema: {
        tags: ['members'],
        summary: 'Reset a forgotten password with a code sent to the bound phone or e-mail',
        consumes: FORM,
        body: forgetPasswordEndpoint.body,
        response: envelopeResponses(forgetPasswordEndpoint.response),
      },
    },
    async (request) => {
      await auth.forgetPassword(callerOf(request), request.body);
      return ok({ reset: true as const });
    },
  );
}
