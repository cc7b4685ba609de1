import { CHAT_CLOSE_CODES, CHAT_HEARTBEAT_MS, type ChatServerFrame } from '@lobby/contracts';

export type ConnectionState = 'connecting' | 'online' | 'reconnecting' | 'offline';

/** The part of the browser's WebSocket this class uses, so tests can stand in for it. */
export type SocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close' | 'addEventListener'>;

export type ChatConnectionOptions = {
  /** The socket's address (ws: or wss:). */
  url: string;
  /** A fresh single-use ticket for each connection (the REST start call). */
  getTicket(): Promise<string>;
  onFrame(frame: ChatServerFrame): void;
  onState(state: ConnectionState): void;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
  /** The first retry's delay; each failure doubles it up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a ping may go unanswered before the connection counts as dead. */
  pongTimeoutMs?: number;
};

const OPEN = 1;

/**
 * The visitor's chat socket, kept up: it fetches a ticket, connects, authenticates, and after
 * any drop reconnects with exponential backoff and jitter (so a restarted server is not hit
 * by every browser at once), at once when the browser comes back online. A ping every heartbeat
 * that gets no answer in time ends a half-open connection the browser has not noticed.
 */
export class ChatConnection {
  readonly #options: Required<Omit<ChatConnectionOptions, 'createSocket'>> & {
    createSocket: (url: string) => SocketLike;
  };
  #socket: SocketLike | null = null;
  #attempt = 0;
  #stopped = true;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #pingTimer: ReturnType<typeof setInterval> | undefined;
  #pongTimer: ReturnType<typeof setTimeout> | undefined;
  #state: ConnectionState = 'offline';

  constructor(options: ChatConnectionOptions) {
    this.#options = {
      createSocket: (url) => new WebSocket(url),
      random: Math.random,
      baseDelayMs: 1_000,
      maxDelayMs: 30_000,
      pongTimeoutMs: 10_000,
      ...options,
    };
  }

  get state(): ConnectionState {
    return this.#state;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#setState('connecting');
    void this.#connect();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#retryTimer);
    this.#stopHeartbeat();
    const socket = this.#socket;
    this.#socket = null;
    socket?.close(1000, 'bye');
    this.#setState('offline');
  }

  /** Reconnects now instead of waiting for the next retry (the browser came back online). */
  retryNow(): void {
    if (this.#stopped || this.#state === 'online') return;
    clearTimeout(this.#retryTimer);
    this.#attempt = 0;
    void this.#connect();
  }

  /** Drops the current socket as a network failure would; it reconnects as after one. */
  drop(): void {
    this.#socket?.close(4000, 'dropped');
  }

  /** Sends a frame when the socket is authenticated; false when it is not (queue and resend). */
  send(frame: object): boolean {
    const socket = this.#socket;
    if (this.#state !== 'online' || !socket || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  /**
   * The wait before retry number `attempt` (0-based): the cap doubles with each failure, and the
   * wait is half of it plus a random part of the other half ("equal jitter").
   */
  delayFor(attempt: number): number {
    const cap = Math.min(this.#options.maxDelayMs, this.#options.baseDelayMs * 2 ** attempt);
    return Math.round(cap / 2 + (cap / 2) * this.#options.random());
  }

  async #connect(): Promise<void> {
    if (this.#stopped) return;
    let ticket: string;
    try {
      ticket = await this.#options.getTicket();
    } catch {
      this.#scheduleRetry();
      return;
    }
    if (this.#stopped) return;
    const socket = this.#options.createSocket(this.#options.url);
    this.#socket = socket;
    socket.addEventListener('open', () => {
      socket.send(JSON.stringify({ type: 'auth', ticket }));
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      if (socket !== this.#socket) return;
      clearTimeout(this.#pongTimer);
      let frame: ChatServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ChatServerFrame;
      } catch {
        return;
      }
      if (frame.type === 'ready') {
        this.#attempt = 0;
        this.#setState('online');
        this.#startHeartbeat();
      }
      this.#options.onFrame(frame);
    });
    socket.addEventListener('close', (event: CloseEvent) => {
      if (socket !== this.#socket) return;
      this.#socket = null;
      this.#stopHeartbeat();
      if (this.#stopped) return;
      // A refused ticket is not worth a quick retry loop, but a new ticket may well work.
      if (event.code === CHAT_CLOSE_CODES.authFailed) this.#attempt = Math.max(this.#attempt, 2);
      this.#scheduleRetry();
    });
  }

  #scheduleRetry(): void {
    if (this.#stopped) return;
    this.#setState('reconnecting');
    clearTimeout(this.#retryTimer);
    const delay = this.delayFor(this.#attempt);
    this.#attempt += 1;
    this.#retryTimer = setTimeout(() => void this.#connect(), delay);
  }

  #startHeartbeat(): void {
    this.#stopHeartbeat();
    this.#pingTimer = setInterval(() => {
      if (!this.send({ type: 'ping' })) return;
      clearTimeout(this.#pongTimer);
      this.#pongTimer = setTimeout(() => this.drop(), this.#options.pongTimeoutMs);
    }, CHAT_HEARTBEAT_MS);
  }

  #stopHeartbeat(): void {
    clearInterval(this.#pingTimer);
    clearTimeout(this.#pongTimer);
  }

  #setState(state: ConnectionState): void {
    if (state === this.#state) return;
    this.#state = state;
    this.#options.onState(state);
  }
}

/** The chat socket's address on the page's own origin. */
export function chatSocketUrl(path: string, language: string): string {
  const url = new URL(path, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('lang', language);
  return url.toString();
}
