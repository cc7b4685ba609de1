import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The data directory ${dataDir} is in use by another game simulator process. ` +
        'Stop that process, or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Takes an exclusive lock on the embedded database's directory so two processes never open the
 * same PGlite files. The lock is refreshed while the process lives and goes stale shortly after
 * it dies, so a crash does not block the next start for long.
 */
export async function lockDataDir(
  dataDir: string,
  /** Retries cover a lock left by a process that just died, until it goes stale. */
  retries = 6,
): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      stale: 10_000,
      update: 2_000,
      realpath: false,
      retries: { retries, minTimeout: 500, maxTimeout: 2_000 },
      onCompromised: (error) => {
        // Another process took the directory: continuing could corrupt the database.
        console.error(`data directory lock lost: ${error.message}`);
        process.exit(70);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}
