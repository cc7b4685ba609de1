/** The partitions module's public surface: what other modules may use. */
export {
  maintainPartitions,
  monthStart,
  MONTHS_AHEAD,
  PARTITIONED_TABLES,
  PARTITIONS,
  partitionsSweep,
  RETENTION_FLOORS,
  type PartitionsReport,
  type Retention,
} from './partitions-sweep.ts';
