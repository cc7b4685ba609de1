import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_INTERVAL_MS, heartbeatEndpoint } from '@lobby/contracts';
import { Heartbeat } from '../../../app/heartbeat.tsx';
import { createSessionStore } from '../../../app/session-store.ts';
import { createFakeApi, testMember } from '../../../app/test-render.tsx';
import { sendHeartbeat } from './heartbeat.ts';

describe('sendHeartbeat', () => {
  it('posts gameid and platform to the heartbeat and checks the answer', async () => {
    const api = createFakeApi({ [heartbeatEndpoint.path]: () => ({ online: true }) });
    await expect(sendHeartbeat(api, { gameid: 'fortune-dragon', platform: '17' })).resolves.toEqual(
      { online: true },
    );
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/api/findmed/v1/heartbeat',
        values: { gameid: 'fortune-dragon', platform: '17' },
      },
    ]);
  });

  it('sends empty values in the lobby, which the contract accepts', async () => {
    const api = createFakeApi({ [heartbeatEndpoint.path]: () => ({ online: true }) });
    await sendHeartbeat(api, { gameid: '', platform: '' });
    const [call] = api.calls;
    expect(call?.values).toEqual({ gameid: '', platform: '' });
    expect(heartbeatEndpoint.body.parse(call?.values)).toEqual({ gameid: '', platform: '' });
  });

  it('rejects an answer that is not the contract', async () => {
    const api = createFakeApi({ [heartbeatEndpoint.path]: () => ({ online: 'yes' }) });
    await expect(sendHeartbeat(api, { gameid: '', platform: '' })).rejects.toThrow();
  });
});

describe('<Heartbeat/> with the API client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('beats every 30 s while logged in, with the game selection of the moment', async () => {
    const store = createSessionStore();
    const api = createFakeApi({ [heartbeatEndpoint.path]: () => ({ online: true }) });
    const send = (payload: { gameid: string; platform: string }) => sendHeartbeat(api, payload);
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(<Heartbeat send={send} store={store} />));

    // Unknown login status, then a guest: nothing is sent.
    await act(() => vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 2));
    act(() => store.setLoginStatus(false));
    await act(() => vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 2));
    expect(api.calls).toHaveLength(0);

    // Logged in, in the lobby.
    act(() => store.signIn(testMember()));
    await act(() => vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS));
    expect(api.calls.map((call) => call.values)).toEqual([{ gameid: '', platform: '' }]);

    // In a game: the next beat carries it.
    act(() => store.selectGame({ gameid: 'baccarat', platform: '9', startGame: true }));
    await act(() => vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS));
    expect(api.calls.at(-1)?.values).toEqual({ gameid: 'baccarat', platform: '9' });

    // Logged out: the interval stops.
    act(() => store.clearMember());
    await act(() => vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 3));
    expect(api.calls).toHaveLength(2);
    act(() => root.unmount());
  });
});
