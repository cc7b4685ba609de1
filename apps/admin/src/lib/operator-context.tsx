import { createContext, useContext } from 'react';
import type { z } from 'zod';
import type { adminMeEndpoint, Permission } from '@lobby/contracts';

/** The operator who is logged in, as `GET /admin/api/me` answers. */
export type CurrentOperator = z.output<typeof adminMeEndpoint.response>;

export const OperatorContext = createContext<CurrentOperator | null>(null);

/** The logged-in operator; only screens inside the console's layout may ask. */
export function useOperator(): CurrentOperator {
  const operator = useContext(OperatorContext);
  if (!operator) throw new Error('useOperator outside the logged-in layout');
  return operator;
}

export function holdsPermission(
  operator: Pick<CurrentOperator, 'permissions'>,
  permission: Permission,
): boolean {
  return operator.permissions.includes(permission);
}

/** Whether the logged-in operator holds a permission (hide what they may not use). */
export function useCan(permission: Permission): boolean {
  return holdsPermission(useOperator(), permission);
}
