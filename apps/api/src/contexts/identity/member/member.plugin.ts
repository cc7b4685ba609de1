import type { FastifyInstance } from 'fastify';
import { memberRoutes } from './member.routes.ts';
import type { MemberService } from './member.service.ts';

/** The member's own account. */
export async function memberModule(app: FastifyInstance, options: { members: MemberService }) {
  await app.register(memberRoutes, options);
}
