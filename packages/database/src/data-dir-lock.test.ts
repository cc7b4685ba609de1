import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lobby-lock-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the data directory lock', () => {
  it('keeps a second holder out until the first releases it', async () => {
    const release = await lockDataDir(dataDir, { retries: 0 });
    const second = lockDataDir(dataDir, { retries: 0 });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(
      `The data directory ${dataDir} is in use by another Lobby process.`,
    );
    await release();

    const again = await lockDataDir(dataDir, { retries: 0 });
    await again();
  });

  it('names the process that holds such a directory', async () => {
    const release = await lockDataDir(dataDir);
    try {
      await expect(lockDataDir(dataDir, { retries: 0, owner: 'game simulator' })).rejects.toThrow(
        'is in use by another game simulator process. Stop that process, or set DATA_DIR',
      );
    } finally {
      await release();
    }
  });

  it('waits, with retries, for a holder that lets go', async () => {
    const release = await lockDataDir(dataDir, { retries: 0 });
    setTimeout(() => void release(), 300);
    const next = await lockDataDir(dataDir, { retries: 6 });
    await next();
  });
});
