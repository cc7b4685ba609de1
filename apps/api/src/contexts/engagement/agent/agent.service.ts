import type { Database } from '../../../db/client.ts';
import type { Brand } from '../../platform/brand/index.ts';
import type { LedgerService } from '../../money/ledger/index.ts';
import type { OperatorService } from '../../identity/operator/index.ts';
import { AgentApplicationService } from './agent-applications.service.ts';
import type { BrandLookup } from './agent-checks.ts';
import { AgentDownlineService } from './agent-downline.service.ts';
import { AgentStatementService } from './agent-statements.service.ts';
import { AgentTierService } from './agent-tiers.service.ts';
import { agentApplicationBrand, agentBrand, agentStatementBrand } from './agent.repository.ts';

/**
 * The agent partnership: applications and agents, the downline in aggregate, commission tiers
 * and the monthly statements, paid through the ledger once an operator approves them. One
 * service per part, built here over the same database, ledger and clock; routes and the sweep
 * call the part they serve (`agents.statements.approveStatement(...)`).
 */
export class AgentService {
  readonly applications: AgentApplicationService;
  readonly downline: AgentDownlineService;
  readonly tiers: AgentTierService;
  readonly statements: AgentStatementService;
  readonly #db: Database;

  constructor(dependencies: {
    db: Database;
    ledger: LedgerService;
    operators: OperatorService;
    brand: BrandLookup;
    now?: () => Date;
  }) {
    const { db, ledger, operators, brand } = dependencies;
    this.#db = db;
    const now = dependencies.now ?? (() => new Date());
    this.applications = new AgentApplicationService({ db, operators, brand });
    this.tiers = new AgentTierService({ db, operators, brand });
    this.statements = new AgentStatementService({ db, ledger, operators, brand, now });
    this.downline = new AgentDownlineService({ db, statements: this.statements, now });
  }

  /** The brands of the records operators address by id: the operator guard's brand rule. */
  readonly brandOf = {
    application: (id: string) => agentApplicationBrand(this.#db, BigInt(id)),
    agent: (memberId: string) => agentBrand(this.#db, BigInt(memberId)),
    statement: (id: string) => agentStatementBrand(this.#db, BigInt(id)),
  };

  /** The sweep's step: the statements of a month that has ended, for the brand's agents. */
  generateMonth(
    brand: Brand,
    month: string,
    signal?: AbortSignal,
  ): Promise<{ generated: number; existing: number }> {
    return this.statements.generateMonth(brand, month, signal);
  }
}
