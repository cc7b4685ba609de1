import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, owner = 'Lobby') {
    super(
      `The data directory ${dataDir} is in use by another ${owner} process. ` +
        'Stop that process, or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

export type LockDataDirOptions = {
  /** Retries cover a lock left by a process that just died, until it goes stale (default 6). */
  retries?: number;
  /** Who holds such a directory, for the error message: 'Lobby' (default), 'game simulator'. */
  owner?: string;
};

/**
 * Takes an exclusive lock on an embedded database's data directory, so that two processes never
 * open the same PGlite files. The lock is refreshed while the process lives and goes stale
 * shortly after it dies (10 s), so a crash does not block the next start for long. Resolves to
 * the function that releases it.
 */
export async function lockDataDir(
  dataDir: string,
  options: LockDataDirOptions = {},
): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      stale: 10_000,
      update: 2_000,
      realpath: false,
      retries: { retries: options.retries ?? 6, minTimeout: 500, maxTimeout: 2_000 },
      onCompromised: (error) => {
        // Another process took the directory: continuing could corrupt the database.
        console.error(`data directory lock lost: ${error.message}`);
        process.exit(70);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirLockedError(dataDir, options.owner);
    }
    throw error;
  }
}
