import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Identity } from '../identity/identity.context.ts';
import type { Platform } from '../platform/platform.context.ts';
import { BrandAdminService, brandsAdminModule } from './brands/index.ts';
import { MemberSearchService, membersAdminModule } from './members/index.ts';

/** The back office: the operators' management of what spans the other contexts. */
export async function registerBackoffice(
  app: FastifyInstance,
  settings: { db: Database; platform: Platform; identity: Identity },
) {
  await app.register(brandsAdminModule, {
    brandAdmin: new BrandAdminService({
      db: settings.db,
      brands: settings.platform.brands,
      operators: settings.identity.operators,
    }),
  });
  await app.register(membersAdminModule, {
    memberSearch: new MemberSearchService({ db: settings.db, brands: settings.platform.brands }),
  });
}
