import type { z } from 'zod';
import {
  adminMemberBetsExportEndpoint,
  adminMemberDepositsExportEndpoint,
  adminMemberLedgerExportEndpoint,
  adminMemberLinkedExportEndpoint,
  adminMemberNetDepositsExportEndpoint,
  adminMemberRewardsExportEndpoint,
  adminMemberTransfersExportEndpoint,
  adminMemberWithdrawalsExportEndpoint,
  type AdminMemberBet,
  type AdminMemberDeposit,
  type AdminMemberLedgerItem,
  type AdminMemberReward,
  type AdminMemberTransfer,
  type AdminMemberWithdrawal,
  MEMBER_LINK_KINDS,
  type Language,
} from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import { csvColumns, type CsvExport } from '../../../lib/csv-export.ts';
import type { OperatorIdentity } from '../../../plugins/operator-auth.ts';
import { exportLog, type ActionRecorder } from '../../identity/operator/index.ts';
import { memberBetRecordBatch, type BetRecordCursor } from '../../games/bet-records/index.ts';
import { querySummaries } from '../../games/transfer/index.ts';
import {
  depositBatch,
  rewardBatch,
  transferBatch,
  withdrawalBatch,
  type RewardCursor,
} from './member-history-export.repository.ts';
import { MemberLinksService } from './member-history-links.service.ts';
import { memberPostings } from './member-history.repository.ts';
import {
  betFilterOf,
  depositFilterOf,
  ledgerFilterOf,
  memberKey,
  reviewersOf,
  rewardFilterOf,
  transferFilterOf,
  withdrawalFilterOf,
  type MemberHistoryService,
} from './member-history.service.ts';
import {
  betView,
  depositView,
  ledgerItemView,
  rewardView,
  transferView,
  withBalances,
  withdrawalView,
  type HistoryMember,
  type LedgerCarry,
} from './member-history-views.ts';

type Query<E extends { query: z.ZodType }> = z.infer<E['query']>;

/** Who asks and from where: the export's action-log row. */
export type ExportRequest = { operator: OperatorIdentity; ip: string; language: Language };

/** A row of an export and the key its next batch starts after. */
type Keyed<T, K> = T & { key: K };
type NetDepositsRow = Awaited<ReturnType<MemberHistoryService['netDeposits']>>;

/** A row of the linked accounts export: a linked member, or the other brands' counts. */
type LinkedRow = {
  rowType: 'member' | 'other_brands';
  id?: string;
  brand?: string;
  username?: string;
  status?: string;
  linkCount?: number;
  /** Per kind: the shared values (`; `-joined) of a member, the count of the other brands. */
  kinds: Partial<Record<(typeof MEMBER_LINK_KINDS)[number], string | number>>;
};

/**
 * The member 360 history tabs as CSV: each tab's filter (checked before anything is sent), the
 * rows as the tab shows them (payout accounts masked), in keyset batches on a key that never
 * changes, and an `export` action-log row naming the member, in the member's brand.
 */
export class MemberHistoryExportService {
  readonly #db: Database;
  readonly #history: MemberHistoryService;
  readonly #operators: ActionRecorder;
  readonly #links: MemberLinksService;

  constructor(options: { db: Database; history: MemberHistoryService; operators: ActionRecorder }) {
    this.#db = options.db;
    this.#history = options.history;
    this.#operators = options.operators;
    this.#links = new MemberLinksService({ db: options.db });
  }

  /**
   * Newest first by posting id. The balance after each posting is read back from its account's
   * balance once, then carried from batch to batch: a batch sums only the stretches between its
   * rows, so a long export costs its rows, not its rows times the history.
   */
  async ledger(
    id: string,
    query: Query<typeof adminMemberLedgerExportEndpoint>,
    request: ExportRequest,
  ): Promise<CsvExport<AdminMemberLedgerItem>> {
    const filter = ledgerFilterOf(query, this.#history.now());
    return this.#memberExport(id, 'ledger', query, request, (member) => {
      const carry: LedgerCarry = new Map();
      return {
        columns: csvColumns(adminMemberLedgerExportEndpoint.columns, {
          id: (row) => row.id,
          entry_id: (row) => row.entryId,
          created_at: (row) => row.createdAt,
          account: (row) => row.account,
          platform_id: (row) => row.platformId,
          platform_name: (row) => row.platformName,
          reason: (row) => row.reason,
          amount: (row) => row.amount,
          balance_after: (row) => row.balanceAfter,
          currency: (row) => row.currency,
          reference: (row) => row.reference,
          memo: (row) => row.memo,
          actor_type: (row) => row.actorType,
          actor_id: (row) => row.actorId,
        }),
        read: async (after, limit) => {
          const newer = new Map([...carry].map(([account, last]) => [account, last.id]));
          const rows = await memberPostings(
            this.#db,
            {
              ...memberKey(member),
              ...filter,
              beforeId: after === undefined ? undefined : BigInt(after.id),
            },
            limit,
            newer,
          );
          return withBalances(rows, carry).map(({ row, balanceAfterMinor }) =>
            ledgerItemView(row, balanceAfterMinor, member, request.language),
          );
        },
      };
    });
  }

  /** Newest first by order id. */
  async deposits(
    id: string,
    query: Query<typeof adminMemberDepositsExportEndpoint>,
    request: ExportRequest,
  ): Promise<CsvExport<Keyed<AdminMemberDeposit, bigint>>> {
    const filter = depositFilterOf(query, this.#history.now());
    return this.#memberExport(id, 'deposits', query, request, (member) => ({
      columns: csvColumns(adminMemberDepositsExportEndpoint.columns, {
        order_no: (row) => row.orderNo,
        status: (row) => row.status,
        channel_code: (row) => row.channelCode,
        channel_type: (row) => row.channelType,
        channel_name: (row) => row.channelName,
        amount: (row) => row.amount,
        currency: (row) => row.currency,
        coin_amount: (row) => row.coinAmount,
        rate: (row) => row.rate,
        details: (row) => JSON.stringify(row.details),
        reason: (row) => row.reason,
        reviewer: (row) => row.reviewer,
        ledger_entry_id: (row) => row.ledgerEntryId,
        created_at: (row) => row.createdAt,
        updated_at: (row) => row.updatedAt,
        decided_at: (row) => row.decidedAt,
      }),
      read: async (after, limit) => {
        const rows = await depositBatch(
          this.#db,
          { ...memberKey(member), ...filter },
          after?.key,
          limit,
        );
        const reviewers = await reviewersOf(this.#db, rows);
        return rows.map((row) => ({ ...depositView(row, member, reviewers), key: row.id }));
      },
    }));
  }

  /** Newest first by order id; the payout account masked as the tab shows it. */
  async withdrawals(
    id: string,
    query: Query<typeof adminMemberWithdrawalsExportEndpoint>,
    request: ExportRequest,
  ): Promise<CsvExport<Keyed<AdminMemberWithdrawal, bigint>>> {
    const filter = withdrawalFilterOf(query, this.#history.now());
    return this.#memberExport(id, 'withdrawals', query, request, (member) => ({
      columns: csvColumns(adminMemberWithdrawalsExportEndpoint.columns, {
        order_no: (row) => row.orderNo,
        status: (row) => row.status,
        amount: (row) => row.amount,
        currency: (row) => row.currency,
        account_type: (row) => row.account.type,
        institution: (row) => row.account.institution,
        institution_name: (row) => row.account.institutionName,
        holder_name: (row) => row.account.holderName,
        account_number: (row) => row.account.accountNumber,
        account_deleted: (row) => row.account.deleted,
        reason: (row) => row.reason,
        reviewer: (row) => row.reviewer,
        created_at: (row) => row.createdAt,
        decided_at: (row) => row.decidedAt,
      }),
      read: async (after, limit) => {
        const rows = await withdrawalBatch(
          this.#db,
          { ...memberKey(member), ...filter },
          after?.key,
          limit,
        );
        const reviewers = await reviewersOf(this.#db, rows);
        return rows.map((row) => ({
          ...withdrawalView(row, member, request.language, reviewers),
          key: row.id,
        }));
      },
    }));
  }

  /** Newest first by transfer id, with the last status query of each. */
  async transfers(
    id: string,
    query: Query<typeof adminMemberTransfersExportEndpoint>,
    request: ExportRequest,
  ): Promise<CsvExport<AdminMemberTransfer>> {
    const filter = transferFilterOf(query, this.#history.now());
    return this.#memberExport(id, 'transfers', query, request, (member) => ({
      columns: csvColumns(adminMemberTransfersExportEndpoint.columns, {
        id: (row) => row.id,
        order_no: (row) => row.orderNo,
        platform_id: (row) => row.platformId,
        platform_name: (row) => row.platformName,
        direction: (row) => row.direction,
        amount: (row) => row.amount,
        currency: (row) => row.currency,
        status: (row) => row.status,
        reason: (row) => row.reason,
        recycle_batch: (row) => row.recycleBatch,
        attempts: (row) => row.attempts,
        next_check_at: (row) => row.nextCheckAt,
        last_error: (row) => row.lastError,
        queries: (row) => row.queries,
        last_query_at: (row) => row.lastQuery?.askedAt,
        last_query_source: (row) => row.lastQuery?.source,
        last_query_answer: (row) => row.lastQuery?.answer,
        last_query_status: (row) => row.lastQuery?.status,
        created_at: (row) => row.createdAt,
        finished_at: (row) => row.finishedAt,
      }),
      read: async (after, limit) => {
        const rows = await transferBatch(
          this.#db,
          { ...memberKey(member), ...filter },
          after === undefined ? undefined : BigInt(after.id),
          limit,
        );
        const summaries = await querySummaries(
          this.#db,
          rows.map((row) => row.id),
        );
        return rows.map((row) =>
          transferView(row, summaries.get(row.id), member, request.language),
        );
      },
    }));
  }

  /** Newest settled first, then by platform and round; in the brand's currency, as the tab. */
  async bets(
    id: string,
    query: Query<typeof adminMemberBetsExportEndpoint>,
    request: ExportRequest,
  ): Promise<CsvExport<Keyed<AdminMemberBet, BetRecordCursor>>> {
    const filter = betFilterOf(query, this.#history.now());
    return this.#memberExport(id, 'bets', query, request, (member) => ({
      columns: csvColumns(adminMemberBetsExportEndpoint.columns, {
        round_id: (row) => row.roundId,
        platform_id: (row) => row.platformId,
        platform_name: (row) => row.platformName,
        game_code: (row) => row.gameCode,
        game_name: (row) => row.gameName,
        category: (row) => row.category,
        status: (row) => row.status,
        bet: (row) => row.bet,
        valid_bet: (row) => row.validBet,
        payout: (row) => row.payout,
        win_loss: (row) => row.winLoss,
        currency: (row) => row.currency,
        placed_at: (row) => row.placedAt,
        settled_at: (row) => row.settledAt,
      }),
      read: async (after, limit) => {
        const rows = await memberBetRecordBatch(
          this.#db,
          { ...memberKey(member), currency: member.currency, ...filter },
          after?.key,
          limit,
        );
        return rows.map((row) => ({
          ...betView(row, member.currency, request.language),
          key: row.cursor,
        }));
      },
    }));
  }

  /** Newest first, then by kind and id, as the tab. */
  async rewards(
    id: string,
    query: Query<typeof adminMemberRewardsExportEndpoint>,
    request: ExportRequest,
  ): Promise<CsvExport<Keyed<AdminMemberReward, RewardCursor>>> {
    const filter = rewardFilterOf(query, this.#history.now());
    return this.#memberExport(id, 'rewards', query, request, (member) => ({
      columns: csvColumns(adminMemberRewardsExportEndpoint.columns, {
        kind: (row) => row.kind,
        id: (row) => row.id,
        title: (row) => row.title,
        promotion_id: (row) => row.promotionId,
        amount: (row) => row.amount,
        currency: (row) => row.currency,
        status: (row) => row.status,
        turnover_cost: (row) => row.turnoverCost,
        detail: (row) => row.detail,
        reviewer: (row) => row.reviewer,
        note: (row) => row.note,
        ledger_entry_id: (row) => row.ledgerEntryId,
        created_at: (row) => row.createdAt,
        decided_at: (row) => row.decidedAt,
      }),
      read: async (after, limit) => {
        const rows = await rewardBatch(
          this.#db,
          { ...memberKey(member), ...filter },
          after?.key,
          limit,
        );
        return rows.map((row) => ({
          ...rewardView(row, member, request.language),
          key: row.cursor,
        }));
      },
    }));
  }

  /**
   * The linked accounts tab as CSV. The tab is bounded (MEMBER_LINKS_CAP), so it is read once,
   * as the tab reads it, and sent in order; the other brands' counts are its last row.
   */
  async linked(
    id: string,
    query: Query<typeof adminMemberLinkedExportEndpoint>,
    request: ExportRequest,
  ): Promise<CsvExport<Keyed<LinkedRow, number>>> {
    return this.#memberExport(id, 'linked', query, request, async () => {
      const keyed = (await this.#linkedRows(id, request)).map((row, key) => ({ ...row, key }));
      return {
        columns: csvColumns(adminMemberLinkedExportEndpoint.columns, {
          row_type: (row) => row.rowType,
          id: (row) => row.id,
          brand: (row) => row.brand,
          username: (row) => row.username,
          status: (row) => row.status,
          link_count: (row) => row.linkCount,
          device: (row) => row.kinds.device,
          ip: (row) => row.kinds.ip,
          payout_account: (row) => row.kinds.payout_account,
          phone: (row) => row.kinds.phone,
          email: (row) => row.kinds.email,
        }),
        read: (after, limit) => {
          const start = after === undefined ? 0 : after.key + 1;
          return Promise.resolve(keyed.slice(start, start + limit));
        },
      };
    });
  }

  /** One row: the net deposits of the range, as the member 360 view shows them. */
  async netDeposits(
    id: string,
    query: Query<typeof adminMemberNetDepositsExportEndpoint>,
    request: ExportRequest,
  ): Promise<CsvExport<Keyed<NetDepositsRow, number>>> {
    const summary = await this.#history.netDeposits(id, query);
    return this.#memberExport(id, 'net_deposits', query, request, () => ({
      columns: csvColumns(adminMemberNetDepositsExportEndpoint.columns, {
        from: (row) => row.from,
        to: (row) => row.to,
        deposits: (row) => row.deposits,
        withdrawals: (row) => row.withdrawals,
        net_deposits: (row) => row.netDeposits,
        currency: (row) => row.currency,
      }),
      read: (after) => Promise.resolve(after === undefined ? [{ ...summary, key: 0 }] : []),
    }));
  }

  /** The linked accounts tab as the operator sees it, then the other brands' counts. */
  async #linkedRows(id: string, request: ExportRequest): Promise<LinkedRow[]> {
    const linked = await this.#links.linked(request.operator, id, request.language);
    const rows: LinkedRow[] = linked.items.map((item) => ({
      rowType: 'member',
      id: item.id,
      brand: item.brand,
      username: item.username,
      status: item.status,
      linkCount: item.links.length,
      kinds: Object.fromEntries(
        MEMBER_LINK_KINDS.map((kind) => [
          kind,
          item.links
            .filter((link) => link.kind === kind)
            .map((link) => link.value)
            .join('; '),
        ]),
      ),
    }));
    if (linked.otherBrands.length > 0) {
      rows.push({
        rowType: 'other_brands',
        kinds: Object.fromEntries(linked.otherBrands.map((other) => [other.kind, other.count])),
      });
    }
    return rows;
  }

  /**
   * One tab's export: the member the path names (or member_not_found, before anything is read),
   * the file `member-<id>-<tab>`, and the action-log row `member_<tab>` naming the member, in
   * their brand, around the tab's columns and batch read.
   */
  async #memberExport<Row>(
    id: string,
    tab: string,
    query: Record<string, unknown>,
    request: ExportRequest,
    rows: (
      member: HistoryMember,
    ) =>
      Pick<CsvExport<Row>, 'columns' | 'read'> | Promise<Pick<CsvExport<Row>, 'columns' | 'read'>>,
  ): Promise<CsvExport<Row>> {
    const member = await this.#history.member(id);
    const memberId = String(member.memberId);
    return {
      name: `member-${memberId}-${tab}`,
      log: exportLog(this.#operators, this.#db, request.operator, {
        list: `member_${tab}`,
        filter: query,
        ip: request.ip,
        target: { brandCode: member.brand.config.code, id: memberId },
      }),
      ...(await rows(member)),
    };
  }
}
