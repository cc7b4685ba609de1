import type { ExclusionKind, MemberExclusion, MemberExclusionState } from '@lobby/contracts';
import type { Database, Executor } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import {
  deleteRestriction,
  findMemberById,
  insertRestriction,
  type SessionService,
} from '../../identity/member/index.ts';
import { identifiersOf, type ExclusionRegistry } from '../../identity/registry/index.ts';
import type { AuditLog } from '../../platform/audit/index.ts';
import type { Brand } from '../../platform/brand/index.ts';
import { EXCLUSION_ERRORS } from './exclusion.errors.ts';
import {
  dueToEnd,
  findLiveExclusion,
  insertExclusion,
  isExcluded,
  markEndRequested,
  markEnded,
  type ExclusionRow,
} from './exclusion.repository.ts';
import {
  askableFrom,
  endsAfterAsking,
  isLonger,
  isOffered,
  offeredPeriods,
  periodEnd,
} from './exclusion.rules.ts';

/** Brings the member's game balances back to the wallet (games); may fail, and is retried by them. */
export type Recycle = (brand: Brand, memberId: bigint) => Promise<void>;

/**
 * Time-outs and self-exclusions (issue 15, points 4 and 5). Taking one is effective at once:
 * the `excluded` restriction (the money gate then refuses deposits, transfers in and stakes),
 * a self-exclusion's identifiers in the registry every brand asks, a significant event, then
 * every session ended and the game balances recycled. It ends only when its period has run out,
 * the member has asked and a further 24 hours (7 days for an indefinite one) have passed; no
 * operator call shortens it.
 */
export class ExclusionService {
  readonly #db: Database;
  readonly #audit: AuditLog;
  readonly #registry: ExclusionRegistry;
  readonly #sessions: SessionService;
  readonly #recycle: Recycle;
  readonly #now: () => Date;
  readonly #log: { warn(details: Record<string, unknown>, message: string): void } | undefined;

  constructor(options: {
    db: Database;
    audit: AuditLog;
    registry: ExclusionRegistry;
    sessions: SessionService;
    recycle: Recycle;
    now: () => Date;
    log?: { warn(details: Record<string, unknown>, message: string): void };
  }) {
    this.#db = options.db;
    this.#audit = options.audit;
    this.#registry = options.registry;
    this.#sessions = options.sessions;
    this.#recycle = options.recycle;
    this.#now = options.now;
    this.#log = options.log;
  }

  /** The member's exclusion and the periods offered; one whose end has come is ended first. */
  async state(brand: Brand, memberId: bigint): Promise<MemberExclusionState> {
    let live = await findLiveExclusion(this.#db, memberId);
    if (live?.endableAt && live.endableAt.getTime() <= this.#now().getTime()) {
      await this.#finish(live);
      live = undefined;
    }
    return {
      current: live ? this.#view(brand, live) : null,
      ...offeredPeriods(brand.compliance),
    };
  }

  /** Whether a time-out or self-exclusion is in force (promotions and messages leave them out). */
  excluded(memberId: bigint): Promise<boolean> {
    return isExcluded(this.#db, memberId);
  }

  async take(
    brand: Brand,
    memberId: bigint,
    kind: ExclusionKind,
    period: string,
  ): Promise<MemberExclusionState> {
    if (!isOffered(brand.compliance, kind, period)) {
      throw appError(EXCLUSION_ERRORS, 'exclusion_period_not_offered');
    }
    const now = this.#now();
    const endsAt = periodEnd(period, now);
    await this.#db.transaction(async (tx) => {
      const current = await findLiveExclusion(tx, memberId, true);
      if (current && !isLonger(current, endsAt)) {
        throw appError(EXCLUSION_ERRORS, 'exclusion_already_longer');
      }
      if (current) {
        await markEnded(tx, current.id, now);
        await this.#registry.end(tx, current.id, now);
      }
      const row = await insertExclusion(tx, {
        memberId,
        brandCode: brand.config.code,
        kind,
        period,
        startsAt: now,
        endsAt,
      });
      await insertRestriction(tx, {
        memberId,
        brandCode: brand.config.code,
        kind: 'excluded',
        reason: `${kind} ${period} (member)`,
      });
      let registered = 0;
      if (kind === 'self_exclusion') {
        const member = await findMemberById(tx, brand.config.code, memberId);
        if (member) {
          registered = await this.#registry.record(
            tx,
            { id: row.id, memberId, brandCode: brand.config.code, startsAt: now, endsAt },
            identifiersOf(member),
          );
        }
      }
      await this.#event(tx, brand.config.code, memberId, kind, {
        change: current ? 'extended' : 'started',
        period,
        startsAt: now.toISOString(),
        endsAt: endsAt?.toISOString() ?? null,
        registryIdentifiers: registered,
      });
    });
    // Committed: every session ends (every node drops them), the game balances come back.
    await this.#sessions.endAllOfMember(memberId, kind);
    await this.#recycle(brand, memberId).catch((error: unknown) => {
      this.#log?.warn({ err: error, memberId: String(memberId) }, 'exclusion: recycle failed');
    });
    return this.state(brand, memberId);
  }

  /** The member asks to end an exclusion whose period has run out. */
  async askToEnd(brand: Brand, memberId: bigint): Promise<MemberExclusionState> {
    const now = this.#now();
    await this.#db.transaction(async (tx) => {
      const current = await findLiveExclusion(tx, memberId, true);
      if (!current) throw appError(EXCLUSION_ERRORS, 'exclusion_none');
      if (current.endableAt) {
        throw appError(EXCLUSION_ERRORS, 'exclusion_end_requested', {
          params: { at: current.endableAt.toISOString() },
        });
      }
      const from = askableFrom(current, brand.compliance);
      if (from.getTime() > now.getTime()) {
        throw appError(EXCLUSION_ERRORS, 'exclusion_not_over', {
          params: { from: from.toISOString() },
        });
      }
      const endableAt = endsAfterAsking(current, now);
      await markEndRequested(tx, current.id, now, endableAt);
      await this.#event(tx, brand.config.code, memberId, current.kind, {
        change: 'end_requested',
        period: current.period,
        endsAt: endableAt.toISOString(),
      });
    });
    return this.state(brand, memberId);
  }

  /** Ends every exclusion whose end has come (the sweep, every minute): answers how many. */
  async finishDue(limit = 500): Promise<number> {
    const due = await dueToEnd(this.#db, this.#now(), limit);
    for (const row of due) await this.#finish(row);
    return due.length;
  }

  async #finish(row: ExclusionRow): Promise<void> {
    const now = this.#now();
    await this.#db.transaction(async (tx) => {
      const current = await findLiveExclusion(tx, row.memberId, true);
      if (!current?.endableAt || current.endableAt.getTime() > now.getTime()) return;
      await markEnded(tx, current.id, now);
      await this.#registry.end(tx, current.id, now);
      await deleteRestriction(tx, current.memberId, 'excluded');
      await this.#event(tx, current.brandCode, current.memberId, current.kind, {
        change: 'ended',
        period: current.period,
        askedAt: current.endRequestedAt?.toISOString() ?? null,
      });
    });
  }

  async #event(
    tx: Executor,
    brandCode: string,
    memberId: bigint,
    kind: ExclusionKind,
    details: Record<string, unknown>,
  ) {
    await this.#audit.record(tx, {
      kind: kind === 'time_out' ? 'time_out' : 'self_exclusion',
      brandCode,
      memberId,
      actor: { type: 'member', id: String(memberId) },
      details,
    });
  }

  #view(brand: Brand, row: ExclusionRow): MemberExclusion {
    const from = askableFrom(row, brand.compliance);
    const now = this.#now();
    return {
      kind: row.kind,
      period: row.period,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt?.toISOString() ?? null,
      endRequestedAt: row.endRequestedAt?.toISOString() ?? null,
      endableAt: row.endableAt?.toISOString() ?? null,
      canAskToEnd: row.endRequestedAt === null && from.getTime() <= now.getTime(),
      askableFrom: row.endRequestedAt === null ? from.toISOString() : null,
    };
  }
}
