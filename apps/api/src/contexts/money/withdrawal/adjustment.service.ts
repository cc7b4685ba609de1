import { parseAmount, toDecimalString } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { minorUnitOf } from '../../../db/money-sql.ts';
import { appError } from '../../../lib/app-error.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { type LedgerService, operatorActor } from '../ledger/index.ts';
import { findMemberKey } from '../../identity/member/index.ts';
import type {
  LoggedAction,
  OperatorIdentity,
  OperatorService,
} from '../../identity/operator/index.ts';
import type { AuditLog } from '../../platform/audit/index.ts';
import { ADJUSTMENT_RECORD } from './adjustment.repository.ts';
import { WITHDRAWAL_ERRORS } from './withdrawal.errors.ts';

export type AdjustmentResult = {
  brand: string;
  username: string;
  amount: string;
  currency: string;
  balance: string;
  entryId: string;
  replayed: boolean;
};

/**
 * Operator corrections of a member's centre wallet against the house adjustments account: one
 * ledger entry (reason `adjustment`) per idempotency key, recorded with who, what and why. A
 * debit is the ledger's conditional update, so it cannot overdraw.
 */
export class AdjustmentService {
  readonly #db: Database;
  readonly #ledger: LedgerService;
  readonly #operators: OperatorService;
  readonly #audit: AuditLog;

  constructor(dependencies: {
    db: Database;
    ledger: LedgerService;
    operators: OperatorService;
    audit: AuditLog;
  }) {
    this.#db = dependencies.db;
    this.#ledger = dependencies.ledger;
    this.#operators = dependencies.operators;
    this.#audit = dependencies.audit;
  }

  async adjust(
    operator: OperatorIdentity,
    brand: Brand,
    input: { username: string; amount: string; reason: string; idempotencyKey: string; ip: string },
  ): Promise<AdjustmentResult> {
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    const parsed = parseAmount(input.amount, currency, { allowNegative: true });
    if (!parsed.ok || parsed.minor === 0n) {
      throw appError(WITHDRAWAL_ERRORS, 'adjustment_amount_invalid');
    }
    const amountMinor = parsed.minor;
    const member = await findMemberKey(this.#db, brandCode, input.username.toLowerCase());
    if (!member) throw appError(WITHDRAWAL_ERRORS, 'member_not_found');
    const memberId = member.id;
    const amount = toDecimalString(amountMinor, currency);
    const action: LoggedAction = {
      action: 'member_adjust',
      brandCode,
      targetType: 'member',
      targetId: member.username,
      reason: input.reason,
      details: { amount, currency },
      ip: input.ip,
    };
    const result = await this.#ledger.post(
      {
        brandCode,
        reason: 'adjustment',
        idempotencyKey: `adjustment:${memberId}:${input.idempotencyKey}`,
        actor: operatorActor(operator),
        memo: input.reason,
        lines: [
          { account: { kind: 'member_wallet', memberId, currency }, amountMinor },
          { account: { kind: 'house_adjustments', currency }, amountMinor: -amountMinor },
        ],
      },
      {
        // The action-log row in the movement's own statement, with the entry's id and the
        // wallet's balance before and after (adjustment.repository.ts).
        insert: {
          name: 'adj',
          build: ADJUSTMENT_RECORD,
          values: {
            ...this.#operators.recordInStatement(operator, {
              ...action,
              details: { ...action.details, replayed: false },
            }),
            ...(await this.#audit.valuesOf({
              kind: 'balance_adjusted',
              brandCode,
              memberId,
              actor: { type: 'operator', id: String(operator.operatorId) },
            })),
            adj_event: JSON.stringify({
              operator: operator.username,
              reason: input.reason,
              amount,
              currency,
            }),
            adj_amount: String(amountMinor),
            adj_unit: minorUnitOf(currency),
          },
        },
      },
    );
    // A repeat of the key moved nothing; it is recorded on its own, as a replay.
    if (result.replayed) {
      await this.#operators.record(this.#db, operator, {
        ...action,
        details: { ...action.details, entryId: String(result.entryId), replayed: true },
      });
    }
    const wallet = result.memberBalances.find((leg) => leg.kind === 'member_wallet');
    return {
      brand: brandCode,
      username: member.username,
      amount,
      currency,
      balance: toDecimalString(wallet?.balanceMinor ?? 0n, currency),
      entryId: String(result.entryId),
      replayed: result.replayed,
    };
  }
}
