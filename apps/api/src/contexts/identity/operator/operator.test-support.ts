import { randomUUID } from 'node:crypto';
import type { BrandScope, Permission } from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { operatorRoles, operators } from './operator.schema.ts';
import { OperatorService } from './operator.service.ts';

/**
 * An operator with a role and brands, logged in: for tests of permissions and brand scopes.
 * `permissions` defines a custom role of that name first. Logs in through the service, so many
 * operators do not meet the login rate limit.
 */
export async function createOperator(
  db: Database,
  options: { role: string; permissions?: readonly Permission[]; brands?: BrandScope },
): Promise<{ username: string; password: string; token: string }> {
  if (options.permissions) {
    await db
      .insert(operatorRoles)
      .values({ key: options.role, permissions: [...options.permissions] })
      .onConflictDoUpdate({
        target: operatorRoles.key,
        set: { permissions: [...options.permissions] },
      });
  }
  const username = `op${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const password = 'operator-pass-1';
  const brands = options.brands ?? 'all';
  await db.insert(operators).values({
    username,
    passwordHash: await hashPassword(password),
    role: options.role,
    allBrands: brands === 'all',
    brands: brands === 'all' ? [] : [...brands],
  });
  const { token } = await new OperatorService(db).login({ username, password, ip: '127.0.0.1' });
  return { username, password, token };
}
