import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_CLOSE_CODES, CHAT_HEARTBEAT_MS } from '@lobby/contracts';
import { ChatConnection, type ConnectionState, type SocketLike } from './chat-connection.ts';

/** A socket the test drives: it records what was sent and fires the events it is told to. */
class FakeSocket {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  #listeners = new Map<string, ((event: unknown) => void)[]>();

  addEventListener(type: string, listener: (event: unknown) => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  send(data: string): void {
    this.sent.push(data);
  }
  close(code = 1000): void {
    this.closedWith = code;
    this.fire('close', { code });
  }
  fire(type: string, event: unknown = {}): void {
    if (type === 'open') this.readyState = 1;
    if (type === 'close') this.readyState = 3;
    for (const listener of this.#listeners.get(type) ?? []) listener(event);
  }
  receive(frame: object): void {
    this.fire('message', { data: JSON.stringify(frame) });
  }
}

function setup(random = () => 0.5) {
  const sockets: FakeSocket[] = [];
  const states: ConnectionState[] = [];
  const frames: unknown[] = [];
  let tickets = 0;
  const getTicket = vi.fn(() => Promise.resolve(`ticket-${(tickets += 1)}`));
  const connection = new ChatConnection({
    url: 'ws://site.test/api/findmed/v1/chat/ws',
    getTicket,
    onFrame: (frame) => frames.push(frame),
    onState: (state) => states.push(state),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as SocketLike;
    },
    random,
  });
  return { connection, sockets, states, frames, getTicket };
}

/** Opens the latest socket and answers its authentication. */
function accept(sockets: FakeSocket[]): FakeSocket {
  const socket = sockets.at(-1);
  if (!socket) throw new Error('no socket');
  socket.fire('open');
  socket.receive({ type: 'ready', role: 'visitor', conversation: null });
  return socket;
}

describe('ChatConnection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('authenticates with a fresh ticket as its first frame, then is online', async () => {
    const { connection, sockets, states, frames } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.send({ type: 'ping' })).toBe(false);
    const socket = accept(sockets);
    expect(JSON.parse(socket.sent[0] ?? '')).toEqual({ type: 'auth', ticket: 'ticket-1' });
    expect(states).toEqual(['connecting', 'online']);
    expect(frames).toHaveLength(1);
    expect(connection.send({ type: 'typing' })).toBe(true);
  });

  it('reconnects after a drop with a growing, jittered delay and a new ticket', async () => {
    const { connection, sockets, states, getTicket } = setup(() => 0);
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    accept(sockets).fire('close', { code: 1006 });
    expect(states.at(-1)).toBe('reconnecting');
    // With no jitter the first wait is half of the 1 s cap.
    await vi.advanceTimersByTimeAsync(499);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    // It fails again before authenticating: the next wait is half of 2 s.
    sockets[1]?.fire('close', { code: 1006 });
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    const third = accept(sockets);
    expect(JSON.parse(third.sent[0] ?? '')).toEqual({ type: 'auth', ticket: 'ticket-3' });
    expect(getTicket).toHaveBeenCalledTimes(3);
    expect(states.at(-1)).toBe('online');
  });

  it('keeps its delays within the cap, whatever the jitter', () => {
    const low = setup(() => 0).connection;
    const high = setup(() => 0.999_999).connection;
    expect(low.delayFor(0)).toBe(500);
    expect(high.delayFor(0)).toBe(1000);
    expect(low.delayFor(10)).toBe(15_000);
    expect(high.delayFor(10)).toBe(30_000);
  });

  it('retries when the ticket cannot be fetched, and at once when the browser is back online', async () => {
    const { connection, sockets, getTicket } = setup();
    getTicket.mockRejectedValueOnce(new Error('offline'));
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(0);
    expect(connection.state).toBe('reconnecting');
    connection.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
  });

  it('waits longer after a refused ticket', async () => {
    const { connection, sockets } = setup(() => 0);
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.fire('open');
    sockets[0]?.fire('close', { code: CHAT_CLOSE_CODES.authFailed });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
  });

  it('drops a connection whose ping goes unanswered, and stops for good on stop()', async () => {
    const { connection, sockets } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    const socket = accept(sockets);
    await vi.advanceTimersByTimeAsync(CHAT_HEARTBEAT_MS);
    expect(JSON.parse(socket.sent.at(-1) ?? '')).toEqual({ type: 'ping' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket.closedWith).toBe(4000);
    expect(connection.state).toBe('reconnecting');
    connection.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(connection.state).toBe('offline');
  });
});
