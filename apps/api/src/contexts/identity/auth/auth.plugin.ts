import type { FastifyInstance } from 'fastify';
import type { RsaKeys } from '../../platform/rsa/index.ts';
import { authRoutes } from './auth.routes.ts';
import type { AuthService } from './auth.service.ts';

/** Registration, login, logout, codes and forgotten passwords. */
export async function authModule(
  app: FastifyInstance,
  options: {
    auth: AuthService;
    rsa: RsaKeys;
    leavePresence?: (brandCode: string, memberId: bigint) => Promise<void>;
  },
) {
  await app.register(authRoutes, options);
}
