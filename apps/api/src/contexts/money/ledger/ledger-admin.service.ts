import type { Database } from '../../../db/client.ts';
import type { OperatorIdentity } from '../../../plugins/operator-auth.ts';
import type { ActionRecorder } from '../../identity/operator/index.ts';
import type { LedgerViolation } from './ledger.repository.ts';
import type { LedgerService } from './ledger.service.ts';

type LedgerAdminDependencies = {
  db: Database;
  ledger: LedgerService;
  operators: ActionRecorder;
  /** Told how many violations each check found (the node's metrics). */
  checked?: (violations: number) => void;
};

/** The ledger's operator side: the invariants checked on demand, and who asked. */
export class LedgerAdminService {
  readonly #deps: LedgerAdminDependencies;

  constructor(deps: LedgerAdminDependencies) {
    this.#deps = deps;
  }

  /** Proves the ledger invariants now; a read, so its log row is written on its own. */
  async check(
    operator: OperatorIdentity,
    ip: string,
  ): Promise<{ ok: boolean; violations: LedgerViolation[] }> {
    const violations = await this.#deps.ledger.check();
    this.#deps.checked?.(violations.length);
    // A check changes nothing: `after` is what it found.
    await this.#deps.operators.record(this.#deps.db, operator, {
      action: 'ledger_check',
      details: {
        violations: violations.length,
        before: null,
        after: { ok: violations.length === 0, violations: violations.length },
      },
      ip,
    });
    return { ok: violations.length === 0, violations };
  }
}
