import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RESPONSE_HEADERS } from '@lobby/contracts';
import { commonError } from '../lib/app-error.ts';
import type { Brand } from '../contexts/platform/brand/index.ts';

/** A member's session, as the guard hands it to routes. */
export type MemberSession = {
  sessionId: string;
  memberId: string;
  brandCode: string;
  /** The member's username (never changes), so hot paths need not read it again. */
  username: string;
};

export type ResolvedSession = {
  session: MemberSession;
  /** A replacement token: sent in the `id` response header, the client stores it as `t`. */
  rotatedToken?: string;
  /** Sent in the `vid` response header when set. */
  vid?: string;
};

/**
 * Looks up the session of a token for a brand. Implementations must compare hashed tokens, honour
 * idle timeouts and revocation, and return null for a token of another brand.
 */
export interface SessionResolver {
  resolve(
    token: string,
    context: { brand: Brand; deviceNo: string | null; ip: string },
  ): Promise<ResolvedSession | null>;
}

/**
 * Who may call a route: `member` needs a valid member session, `optional` reads one if present,
 * `operator` needs an operator's bearer token (plugins/operator-auth.ts).
 */
export type RouteAccess = 'public' | 'member' | 'optional' | 'operator';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The caller's session: set on `member` routes, and on `optional` routes when valid. */
    member: MemberSession | null;
  }
}

/**
 * The session guard of the browser contract: a member-only call without a valid session answers
 * `{"status":false,"data":"token"}` before its body is even read; a resolver may rotate the token
 * through the `id` header (and `vid`).
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { sessions: SessionResolver }) => {
    app.decorateRequest('member', null);

    app.addHook('onRequest', async (request, reply) => {
      const access = request.routeOptions.config.access ?? 'public';
      if (access !== 'member' && access !== 'optional') return;
      const token = request.client.token;
      const resolved = token
        ? await options.sessions.resolve(token, {
            brand: request.brand,
            deviceNo: request.client.deviceNo,
            ip: request.ip,
          })
        : null;
      if (resolved && resolved.session.brandCode !== request.brand.config.code) {
        // A resolver bug must never let one brand's session act on another brand.
        throw new Error('session resolver returned a session of another brand');
      }
      if (!resolved) {
        if (access === 'member') throw commonError('token');
        return;
      }
      request.member = resolved.session;
      if (resolved.rotatedToken) reply.header(RESPONSE_HEADERS.token, resolved.rotatedToken);
      if (resolved.vid) reply.header(RESPONSE_HEADERS.vid, resolved.vid);
    });
  },
  { name: 'session', dependencies: ['request-context'] },
);

/** The member of a `member` route; the session guard has already refused everyone else. */
export function memberIdOf(request: FastifyRequest): bigint {
  if (!request.member) throw commonError('token');
  return BigInt(request.member.memberId);
}
