import type { Sweep } from '../../../jobs/scheduler.ts';
import {
  deleteUnattachedFeedbackUploads,
  findUnattachedFeedbackUploads,
  lockUploadOwner,
  type CleanupCandidate,
} from './upload-cleanup.repository.ts';

export const UPLOAD_CLEANUP = 'upload-cleanup';

export const UPLOAD_CLEANUP_DEFAULTS = {
  intervalMs: 60 * 60 * 1000,
  /** A member writing feedback uploads first and sends the ticket minutes later; a day is ample. */
  maxAgeSeconds: 24 * 60 * 60,
  /** Uploads looked at per query; each member's share is deleted in one short transaction. */
  batchSize: 200,
} as const;

export type UploadCleanupOptions = Partial<{
  intervalMs: number;
  maxAgeSeconds: number;
  batchSize: number;
}>;

/**
 * Deletes feedback images that no ticket names once they are older than a day: a member who
 * uploaded and then never sent the ticket leaves them behind, and they are private data we
 * have no reason to keep. Other purposes (avatars, chat images) are never touched. The work
 * follows from the database alone, so a second run, or a run after a crash half way, deletes
 * nothing twice and leaves nothing it should have deleted.
 */
export function uploadCleanupSweep(options: UploadCleanupOptions = {}): Sweep {
  const settings = { ...UPLOAD_CLEANUP_DEFAULTS, ...options };
  return {
    name: UPLOAD_CLEANUP,
    intervalMs: settings.intervalMs,
    async run({ db, signal, log }) {
      let deleted = 0;
      let after: { createdAt: Date; id: string } | undefined;
      while (!signal.aborted) {
        const batch = await findUnattachedFeedbackUploads(db, {
          ageSeconds: settings.maxAgeSeconds,
          limit: settings.batchSize,
          after,
        });
        const last = batch.at(-1);
        if (!last) break;
        after = { createdAt: last.createdAt, id: last.id };
        for (const [memberId, ids] of byOwner(batch)) {
          if (signal.aborted) break;
          deleted += await db.transaction(async (tx) => {
            if (memberId !== null) await lockUploadOwner(tx, memberId);
            // Checked again under the lock: a ticket sent meanwhile keeps its images.
            return (await deleteUnattachedFeedbackUploads(tx, ids, settings.maxAgeSeconds)).length;
          });
        }
        if (batch.length < settings.batchSize) break;
      }
      if (deleted > 0) log.info({ deleted }, 'unattached feedback uploads deleted');
    },
  };
}

/** The batch's upload ids per owning member (null: an upload with no member). */
function byOwner(batch: readonly CleanupCandidate[]): Map<bigint | null, string[]> {
  const owners = new Map<bigint | null, string[]>();
  for (const candidate of batch) {
    const ids = owners.get(candidate.memberId) ?? [];
    ids.push(candidate.id);
    owners.set(candidate.memberId, ids);
  }
  return owners;
}
