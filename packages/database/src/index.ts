export { DataDirLockedError, lockDataDir, type LockDataDirOptions } from './data-dir-lock.ts';
export {
  migratePglite,
  migratePostgres,
  type LegacyMigrations,
  type MigrationOptions,
  type MigrationReport,
} from './migrate.ts';
