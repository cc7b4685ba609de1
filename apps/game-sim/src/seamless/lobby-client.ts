import {
  platformSecret,
  SEAMLESS_PATH_PREFIX,
  seamlessErrorResponse,
  seamlessOkResponse,
  signRequest,
  type SeamlessOperation,
} from '@lobby/game-protocol';

/** What Lobby answered a callback: final (ok or a refusal) or unknown (retry later). */
export type CallbackAnswer =
  | { kind: 'ok'; httpStatus: number; balanceMinor: bigint }
  | { kind: 'refused'; httpStatus: number; error: string; balanceMinor: bigint | null }
  | { kind: 'unknown'; httpStatus: number | null; error: string };

export function isFinal(
  answer: CallbackAnswer,
): answer is Extract<CallbackAnswer, { kind: 'ok' | 'refused' }> {
  return answer.kind !== 'unknown';
}

/**
 * Calls Lobby's seamless wallet as a platform: JSON, signed with the platform's secret. A 200
 * or a 4xx is Lobby's final word; a 5xx, a timeout, a dropped connection or an answer that is
 * not the protocol's is unknown.
 */
export class LobbyClient {
  readonly #lobbyUrl: string;
  readonly #masterSecret: string;
  readonly #timeoutMs: number;
  readonly #now: () => Date;

  constructor(options: {
    lobbyUrl: string;
    masterSecret: string;
    timeoutMs: number;
    now: () => Date;
  }) {
    this.#lobbyUrl = options.lobbyUrl;
    this.#masterSecret = options.masterSecret;
    this.#timeoutMs = options.timeoutMs;
    this.#now = options.now;
  }

  async call(
    platformId: number,
    operation: SeamlessOperation,
    body: string,
  ): Promise<CallbackAnswer> {
    const url = new URL(`${this.#lobbyUrl}${SEAMLESS_PATH_PREFIX}/${platformId}/${operation}`);
    const headers = signRequest({
      secret: platformSecret(this.#masterSecret, platformId),
      platformId,
      method: 'POST',
      pathAndQuery: `${url.pathname}${url.search}`,
      body,
      now: this.#now().getTime(),
    });
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as Error).name;
      return {
        kind: 'unknown',
        httpStatus: null,
        error: name === 'TimeoutError' ? 'timeout' : `network: ${(error as Error).message}`,
      };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (response.status === 200) {
      const ok = seamlessOkResponse.safeParse(json);
      if (ok.success) {
        return { kind: 'ok', httpStatus: 200, balanceMinor: BigInt(ok.data.balanceMinor) };
      }
      return { kind: 'unknown', httpStatus: 200, error: 'answer is not the protocol' };
    }
    if (response.status >= 400 && response.status < 500) {
      const refusal = seamlessErrorResponse.safeParse(json);
      return {
        kind: 'refused',
        httpStatus: response.status,
        error: refusal.success ? refusal.data.error : `http_${response.status}`,
        balanceMinor:
          refusal.success && refusal.data.balanceMinor !== undefined
            ? BigInt(refusal.data.balanceMinor)
            : null,
      };
    }
    return { kind: 'unknown', httpStatus: response.status, error: `http_${response.status}` };
  }
}
