/**
 * npm run audit:verify: walks every chain of the significant-event log (issue 15, point 9) on
 * the database of the settings (DATABASE_URL, or the embedded one under DATA_DIR, which must
 * not be open in a running server). Prints each chain's first break (the row that was changed,
 * the event that was removed, the row that was inserted out of order, a head that does not name
 * the last event) and exits 1 when any chain is broken. Then prints every chain's head: kept
 * where the database's superuser cannot write (a CI log, a ticket), those lines anchor the chains
 * (decision 0019).
 */
import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { AuditLog } from './contexts/platform/audit/index.ts';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 }
    : { kind: 'embedded', dataDir: join(config.dataDir, 'embedded'), lockRetries: 0 },
);
try {
  const audit = new AuditLog(database.db);
  const breaks = await audit.verify();
  if (breaks.length === 0) {
    console.info(`audit:verify: every chain is intact (${database.kind} database)`);
  } else {
    console.error(`audit:verify: ${breaks.length} broken chain(s)`);
    for (const found of breaks) console.error(`  ${found.problem}: ${found.detail}`);
    process.exitCode = 1;
  }
  for (const head of await audit.heads()) {
    console.info(`  head of chain '${head.chain}': event ${head.seq}, ${head.hash}`);
  }
} finally {
  await database.close();
}
