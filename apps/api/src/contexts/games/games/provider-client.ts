import type { z } from 'zod';
import {
  balanceResponse,
  betsResponse,
  createPlayerResponse,
  launchResponse,
  platformSecret,
  providerErrorBody,
  roundResponse,
  signRequest,
  transferResponse,
  transferStatusResponse,
  withdrawAllResponse,
  type CurrencyCode,
  type LaunchRequest,
  type ProviderErrorCode,
  type TransferRequest,
} from '@lobby/game-protocol';

/**
 * What a call to a platform came to. Only `ok` and `refused` are answers; `unknown` means the
 * platform may or may not have acted (timeout, dropped connection, 5xx, an answer we cannot
 * read), so money in flight stays in transit until a status query settles it.
 */
export type ProviderOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; httpStatus: number; error: ProviderErrorCode }
  | { kind: 'unknown'; reason: 'timeout' | 'network' | 'server_error' | 'bad_response' };

export type ProviderClientOptions = {
  /** e.g. http://127.0.0.1:4100 (no trailing slash). */
  baseUrl: string;
  masterSecret: string;
  /** How long to wait for an answer before calling the outcome unknown. */
  timeoutMs?: number;
};

export const DEFAULT_PROVIDER_TIMEOUT_MS = 5_000;

/**
 * Lobby's side of the platforms' transfer-wallet API (@lobby/game-protocol provider-api.ts):
 * signs each request with the platform's secret, validates each answer against the protocol's
 * schema, and never throws for what the network or the platform did.
 */
export class ProviderClient {
  readonly #baseUrl: string;
  readonly #masterSecret: string;
  readonly #timeoutMs: number;
  readonly #secrets = new Map<number, string>();

  constructor(options: ProviderClientOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#masterSecret = options.masterSecret;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  }

  /** The platform's signing secret (the seamless callbacks are verified with it too). */
  secretOf(platformId: number): string {
    let secret = this.#secrets.get(platformId);
    if (secret === undefined) {
      secret = platformSecret(this.#masterSecret, platformId);
      this.#secrets.set(platformId, secret);
    }
    return secret;
  }

  createPlayer(platformId: number, player: string, currency: CurrencyCode) {
    return this.#call(platformId, 'POST', '/players', createPlayerResponse, { player, currency });
  }

  balance(platformId: number, player: string, timeoutMs?: number) {
    return this.#call(
      platformId,
      'GET',
      `/players/${encodeURIComponent(player)}/balance`,
      balanceResponse,
      undefined,
      timeoutMs,
    );
  }

  transfer(platformId: number, request: TransferRequest) {
    return this.#call(platformId, 'POST', '/transfers', transferResponse, request);
  }

  transferStatus(platformId: number, orderId: string) {
    return this.#call(
      platformId,
      'GET',
      `/transfers/${encodeURIComponent(orderId)}`,
      transferStatusResponse,
    );
  }

  withdrawAll(platformId: number, player: string, orderId: string) {
    return this.#call(
      platformId,
      'POST',
      `/players/${encodeURIComponent(player)}/withdraw-all`,
      withdrawAllResponse,
      { orderId },
    );
  }

  launch(platformId: number, request: LaunchRequest) {
    return this.#call(platformId, 'POST', '/launch', launchResponse, request);
  }

  bets(platformId: number, window: { from: Date; to: Date; page: number; pageSize: number }) {
    const query = new URLSearchParams({
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      page: String(window.page),
      pageSize: String(window.pageSize),
    });
    return this.#call(platformId, 'GET', `/bets?${query.toString()}`, betsResponse);
  }

  /** One settled round of the player with the provider's details (game recall). */
  round(platformId: number, roundId: string, player: string) {
    const query = new URLSearchParams({ player });
    return this.#call(
      platformId,
      'GET',
      `/rounds/${encodeURIComponent(roundId)}?${query.toString()}`,
      roundResponse,
    );
  }

  async #call<Schema extends z.ZodType>(
    platformId: number,
    method: 'GET' | 'POST',
    path: string,
    schema: Schema,
    body?: unknown,
    timeoutMs?: number,
  ): Promise<ProviderOutcome<z.infer<Schema>>> {
    const pathAndQuery = `/provider/v1/${platformId}${path}`;
    const text = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string> = signRequest({
      secret: this.secretOf(platformId),
      platformId,
      method,
      pathAndQuery,
      body: text,
    });
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${this.#baseUrl}${pathAndQuery}`, {
        method,
        headers,
        body: body === undefined ? undefined : text,
        signal: AbortSignal.timeout(timeoutMs ?? this.#timeoutMs),
      });
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      return { kind: 'unknown', reason: name === 'TimeoutError' ? 'timeout' : 'network' };
    }
    let payload: unknown;
    try {
      payload = await response.json();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') {
        return { kind: 'unknown', reason: 'timeout' };
      }
      payload = undefined;
    }
    if (!response.ok) {
      const refusal = providerErrorBody.safeParse(payload);
      // A 4xx, or a 503 for maintenance, is refused before anything happened. Any other 5xx,
      // or an error we cannot read, says nothing about whether the platform acted.
      const answered =
        refusal.success &&
        (response.status < 500 ||
          (response.status === 503 && refusal.data.error === 'maintenance'));
      if (!answered) {
        return {
          kind: 'unknown',
          reason: response.status >= 500 ? 'server_error' : 'bad_response',
        };
      }
      return { kind: 'refused', httpStatus: response.status, error: refusal.data.error };
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) return { kind: 'unknown', reason: 'bad_response' };
    return { kind: 'ok', value: parsed.data };
  }
}
