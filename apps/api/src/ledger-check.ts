/**
 * npm run ledger:check: proves the ledger invariants of DESIGN.md section 4 on the database of
 * the settings (DATABASE_URL, or the embedded one under DATA_DIR, which must not be open in a
 * running server). Prints each offending row and exits 1 when any invariant fails.
 */
import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { LedgerService } from './contexts/money/ledger/index.ts';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 }
    : { kind: 'embedded', dataDir: join(config.dataDir, 'embedded'), lockRetries: 0 },
);
try {
  const violations = await new LedgerService(database.db).check();
  if (violations.length === 0) {
    console.info(`ledger:check: every invariant holds (${database.kind} database)`);
  } else {
    console.error(`ledger:check: ${violations.length} violation(s)`);
    for (const violation of violations)
      console.error(`  ${violation.invariant}: ${violation.detail}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
