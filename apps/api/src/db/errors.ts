/**
 * Database errors a repository or service answers for itself rather than as `internal`, as
 * either driver reports them (drizzle may wrap the driver's error in `cause`).
 */

/** The driver's error behind `error`, however deep drizzle wrapped it; null when none. */
function postgresError(error: unknown): { code?: unknown; constraint?: unknown } | null {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if (typeof (current as { code?: unknown }).code === 'string') {
      return current;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * When a unique index refused a write (PostgreSQL 23505): the index's name ('' when the
 * driver did not say); otherwise null.
 */
export function uniqueViolation(error: unknown): string | null {
  const found = postgresError(error);
  if (found?.code !== '23505') return null;
  return typeof found.constraint === 'string' ? found.constraint : '';
}
