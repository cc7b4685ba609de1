import { join } from 'node:path';

/** A database URL without its password, for messages. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(DATABASE_URL is not a URL)';
  }
}

/**
 * The database a command of the settings works on, as its messages name it: PostgreSQL at the
 * session URL when set (the direct connection a command takes), else DATABASE_URL; or the
 * embedded database under DATA_DIR.
 */
export function describeDatabase(settings: {
  databaseUrl: string | undefined;
  databaseSessionUrl: string | undefined;
  dataDir: string;
}): string {
  const url = settings.databaseSessionUrl ?? settings.databaseUrl;
  return settings.databaseUrl && url
    ? `PostgreSQL at ${shownUrl(url)}`
    : `the embedded database in ${join(settings.dataDir, 'embedded')}`;
}
