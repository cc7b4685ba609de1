import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  embeddedImage,
  openDatabase,
  type DatabaseHandle,
  type QueryObserver,
} from '../db/client.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, '..', 'db', 'migrations');
const IMAGE_DIR = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  'node_modules',
  '.cache',
  'lobby-test-db',
);

/** The migrations' names and contents, hashed: an image is good for these migrations only. */
async function migrationsKey(): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of [MIGRATIONS_DIR, join(MIGRATIONS_DIR, 'meta')]) {
    const names = (await readdir(dir)).filter((name) => /\.(sql|json)$/.test(name)).sort();
    for (const name of names) {
      if (name.endsWith('_snapshot.json')) continue;
      hash.update(name).update(await readFile(join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

let image: Promise<Blob> | undefined;

/**
 * A migrated empty database as a dump, made by the first test of a run that needs it and kept
 * on disk for the others (written whole, then renamed, so a test never reads half of one).
 */
function migratedImage(): Promise<Blob> {
  image ??= (async () => {
    const file = join(IMAGE_DIR, `${await migrationsKey()}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      const made = await embeddedImage();
      await mkdir(IMAGE_DIR, { recursive: true });
      const partial = `${file}.${process.pid}.${Date.now()}`;
      await writeFile(partial, Buffer.from(await made.arrayBuffer()));
      await rename(partial, file);
      return made;
    }
  })();
  return image;
}

/**
 * The database of an API test: the PostgreSQL server named by DATABASE_URL (a fresh database
 * made for the run by scripts/with-postgres.ts), or else an in-memory embedded one started from
 * the migrated image.
 */
export async function openTestDatabase(observeQuery?: QueryObserver): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  return url
    ? openDatabase({ kind: 'postgres', url, poolSize: 4, observeQuery })
    : openDatabase({ kind: 'embedded', dataDir: null, observeQuery, image: await migratedImage() });
}

export const onPostgres = Boolean(process.env.DATABASE_URL);
