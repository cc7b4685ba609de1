import {
  BUILT_IN_ROLES,
  PERMISSIONS,
  isBuiltInRole,
  isPermission,
  type BrandScope,
  type Permission,
} from '@lobby/contracts';

/**
 * A role's permissions: a built-in role's from code (an upgrade that adds a permission gives it
 * to the roles meant to hold it), a custom role's from its row. An unknown role, or a stored
 * name that is no longer a permission, grants nothing.
 */
export function permissionsOfRole(
  role: string,
  customPermissions: readonly string[] | null | undefined,
): ReadonlySet<Permission> {
  if (isBuiltInRole(role)) return new Set<Permission>(BUILT_IN_ROLES[role]);
  return new Set((customPermissions ?? []).filter(isPermission));
}

/** The brands an operator acts in, from the row's `all_brands` and `brands`. */
export function brandScopeOf(operator: { allBrands: boolean; brands: string[] }): BrandScope {
  return operator.allBrands ? 'all' : [...operator.brands].sort();
}

/** Permissions in the order of `PERMISSIONS`, for answers. */
export function permissionList(permissions: ReadonlySet<Permission>): Permission[] {
  return PERMISSIONS.filter((permission) => permissions.has(permission));
}
