import { randomUUID } from 'node:crypto';
import type { BrandScope, Permission } from '@lobby/contracts';
import { hashPassword } from '../../../lib/passwords.ts';
import type { TestApp } from '../../../test/app.ts';
import { operatorLogin } from '../../../test/operators.ts';
import { operatorRoles, operators } from './operator.schema.ts';

/**
 * An operator with a role and brands, logged in over HTTP (enrolling TOTP when the role needs
 * it): for tests of permissions and brand scopes. `permissions` defines a custom role of that
 * name first; `ipAllowList` limits the addresses.
 */
export async function createOperator(
  harness: Pick<TestApp, 'app' | 'database'>,
  options: {
    role: string;
    permissions?: readonly Permission[];
    brands?: BrandScope;
    ipAllowList?: string[];
    remoteAddress?: string;
  },
): Promise<{ username: string; password: string; token: string }> {
  const db = harness.database.db;
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
    ipAllowList: options.ipAllowList ?? [],
  });
  const token = await operatorLogin(harness.app, { username, password }, options.remoteAddress);
  return { username, password, token };
}
