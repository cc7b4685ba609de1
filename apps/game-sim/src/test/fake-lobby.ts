import Fastify, { type FastifyInstance } from 'fastify';
import {
  platformSecret,
  SEAMLESS_PATH_PREFIX,
  verifyRequest,
  type SeamlessOperation,
} from '@lobby/game-protocol';

export type FakeCall = {
  platformId: number;
  operation: SeamlessOperation;
  body: Record<string, string>;
  /** The signature checked out with the platform's secret. */
  verified: boolean;
};

/**
 * How the fake answers one call: `apply` runs Lobby's wallet rules (else nothing happens), then
 * the answer is the wallet's unless `status` overrides it, after `delayMs`.
 */
export type Scripted = { apply: boolean; status?: number; delayMs?: number };
export type Script = (call: FakeCall, callIndex: number) => Scripted | undefined;

type Answer = { status: number; body: Record<string, string> };

/**
 * A small stand-in for Lobby's seamless wallet on a real port: balances per player, each
 * transaction idempotent by id, and a rollback of an unknown debit leaves a tombstone so the
 * late debit is refused. Tests script failures per call.
 */
export class FakeLobby {
  readonly calls: FakeCall[] = [];
  readonly balances = new Map<string, bigint>();
  script: Script | undefined;
  readonly #server: FastifyInstance;
  readonly #answers = new Map<string, { body: string; answer: Answer }>();
  readonly #debits = new Map<string, { player: string; amount: bigint; rolledBack: boolean }>();
  readonly #tombstones = new Set<string>();
  #url = '';

  private constructor(secret: string, now: () => number) {
    this.#server = Fastify({ logger: false, forceCloseConnections: true });
    this.#server.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    this.#server.post<{ Params: { platformId: string; operation: SeamlessOperation } }>(
      `${SEAMLESS_PATH_PREFIX}/:platformId/:operation`,
      async (request, reply) => {
        const text = typeof request.body === 'string' ? request.body : '';
        const platformId = Number(request.params.platformId);
        const verified = verifyRequest({
          headers: request.headers,
          method: 'POST',
          pathAndQuery: request.url,
          body: text,
          secretOf: (id) => platformSecret(secret, id),
          now: now(),
        }).ok;
        const call: FakeCall = {
          platformId,
          operation: request.params.operation,
          body: JSON.parse(text) as Record<string, string>,
          verified,
        };
        const index = this.calls.length;
        this.calls.push(call);
        const scripted = this.script?.(call, index) ?? { apply: true };
        const answer: Answer = scripted.apply
          ? this.#apply(call, text)
          : { status: 500, body: { status: 'error', error: 'not_applied' } };
        if (scripted.delayMs) await new Promise((resolve) => setTimeout(resolve, scripted.delayMs));
        return reply.code(scripted.status ?? answer.status).send(answer.body);
      },
    );
  }

  static async start(secret: string, now: () => number): Promise<FakeLobby> {
    const lobby = new FakeLobby(secret, now);
    lobby.#url = await lobby.#server.listen({ host: '127.0.0.1', port: 0 });
    return lobby;
  }

  get url(): string {
    return this.#url;
  }

  close(): Promise<void> {
    return this.#server.close();
  }

  operations(): string[] {
    return this.calls.map((call) => `${call.operation}:${call.body.transactionId ?? ''}`);
  }

  #apply(call: FakeCall, text: string): Answer {
    const { body } = call;
    const player = body.player ?? '';
    if (!this.balances.has(player)) {
      return { status: 404, body: { status: 'error', error: 'player_not_found' } };
    }
    const balance = () => ({
      status: 'ok',
      balanceMinor: (this.balances.get(player) ?? 0n).toString(),
    });
    if (call.operation === 'balance') return { status: 200, body: balance() };
    const id = body.transactionId ?? '';
    const seen = this.#answers.get(id);
    if (seen) {
      return seen.body === text
        ? seen.answer
        : { status: 409, body: { status: 'error', error: 'transaction_conflict' } };
    }
    let answer: Answer;
    if (call.operation === 'debit') {
      const amount = BigInt(body.amountMinor ?? '0');
      if (this.#tombstones.has(id)) {
        answer = { status: 409, body: { status: 'error', error: 'transaction_rolled_back' } };
      } else if ((this.balances.get(player) ?? 0n) < amount) {
        answer = { status: 409, body: { status: 'error', error: 'insufficient_funds' } };
      } else {
        this.balances.set(player, (this.balances.get(player) ?? 0n) - amount);
        this.#debits.set(id, { player, amount, rolledBack: false });
        answer = { status: 200, body: balance() };
      }
    } else if (call.operation === 'credit') {
      const debit = [...this.#debits.entries()].find(([debitId]) =>
        debitId.startsWith(`${body.roundId}:`),
      );
      if (!debit || debit[1].rolledBack) {
        answer = { status: 404, body: { status: 'error', error: 'round_not_found' } };
      } else {
        this.balances.set(
          player,
          (this.balances.get(player) ?? 0n) + BigInt(body.amountMinor ?? '0'),
        );
        answer = { status: 200, body: balance() };
      }
    } else {
      const original = body.originalTransactionId ?? '';
      const debit = this.#debits.get(original);
      if (debit && !debit.rolledBack) {
        debit.rolledBack = true;
        this.balances.set(player, (this.balances.get(player) ?? 0n) + debit.amount);
      } else if (!debit) {
        this.#tombstones.add(original);
      }
      answer = { status: 200, body: balance() };
    }
    // A repeat of the transaction answers the same, whatever happened since.
    this.#answers.set(id, { body: text, answer });
    return answer;
  }
}
