import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  gameListEndpoint,
  gameSettingsEndpoint,
  launchGameEndpoint,
  walletListEndpoint,
} from '@lobby/contracts';
import {
  click,
  createFakeApi,
  renderScreen,
  waitFor,
  type Rendered,
} from '../../app/test-render.tsx';
import { GameFrame, gameServerAnswers } from './game-frame.tsx';
import { GameScreen } from './game-screen.tsx';
import { gamePlatform, walletPlatform } from './test-fixtures.ts';

let screen: Rendered | undefined;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const $ = (selector: string) => screen?.container.querySelector(selector) ?? null;
const frame = () => $('iframe.game-screen__frame') as HTMLIFrameElement | null;

/** The frame's page as the browser runs it: it loads. */
async function frameLoads() {
  await act(async () => frame()?.dispatchEvent(new Event('load')));
}

/** The network as the browser sees it: servers on these origins answer, others refuse. */
function network(answering: (origin: string) => boolean) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const origin = new URL(String(input)).origin;
    if (!answering(origin)) throw new TypeError('Failed to fetch');
    return new Response(null, { status: 404 });
  });
}

/** Each launch answers a new one-time address on the simulator's port. */
function server() {
  let launches = 0;
  return createFakeApi({
    [gameListEndpoint.path]: () => [gamePlatform({ id: 17 })],
    [walletListEndpoint.path]: () => [walletPlatform({ id: 17 })],
    [gameSettingsEndpoint.path]: () => ({ autoTransfer: false }),
    [launchGameEndpoint.path]: () => {
      launches += 1;
      return {
        // The first address names a server that is down, later ones the live simulator.
        url:
          launches === 1
            ? `http://localhost:4121/play/token-${launches}`
            : `http://localhost:4100/play/token-${launches}`,
        platformId: 17,
        gameCode: 'fortune-dragon',
        gameName: '财神龙',
        transfer: null,
      };
    },
  });
}

describe('the game screen', () => {
  it('says when the game cannot be loaded, with another try and the way back', async () => {
    const fetches = network((origin) => origin === 'http://localhost:4100');
    const onExit = vi.fn();
    const api = server();
    screen = await renderScreen({
      routes: [
        {
          path: '/game/egame',
          element: (
            <GameScreen
              platformId={17}
              gameCode="fortune-dragon"
              exitTo="/game/egame"
              variant="overlay"
              onExit={onExit}
            />
          ),
        },
      ],
      path: '/game/egame?platform=17&game=fortune-dragon',
      api,
    });
    // A dead server: the browser's error page would load, but the server does not answer.
    await waitFor(() => expect(screen?.text()).toContain('游戏暂时无法打开'));
    expect(screen.text()).toContain('游戏服务器没有响应');
    expect(frame()).toBeNull();
    // Only the server's origin was asked, never the one-time game address.
    expect(fetches.mock.calls.map(([input]) => String(input))).toEqual(['http://localhost:4121/']);

    // Another try launches again (a new one-time address) on a server that answers.
    await click(
      [...screen.container.querySelectorAll('button')].find((b) => b.textContent === '重试'),
    );
    await waitFor(() =>
      expect(frame()?.getAttribute('src')).toBe('http://localhost:4100/play/token-2'),
    );
    expect(api.callsTo(launchGameEndpoint.path)).toHaveLength(2);
    await frameLoads();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(frame()?.dataset.loaded).toBe('true');
    expect(screen.text()).not.toContain('游戏暂时无法打开');

    // The way back from the message.
    const exits = [...screen.container.querySelectorAll('button')].filter((button) =>
      button.textContent?.includes('退出游戏'),
    );
    expect(exits.length).toBeGreaterThan(0);
    await click(exits.at(-1));
    expect(onExit).toHaveBeenCalledTimes(1);
  });
});

describe('the game frame', () => {
  async function render(url: string) {
    screen = await renderScreen({
      routes: [
        {
          path: '/game',
          element: (
            <GameFrame
              url={url}
              title="财神龙"
              onLoad={() => undefined}
              onRetry={() => undefined}
              onExit={() => undefined}
              checkTimeoutMs={40}
              loadTimeoutMs={120}
            />
          ),
        },
      ],
      path: '/game',
      api: createFakeApi(),
    });
  }

  it('that never loads gets the message too, though its server answers', async () => {
    network(() => true);
    await render('http://localhost:4100/play/slow');
    expect(frame()).not.toBeNull();
    await waitFor(() => expect(screen?.text()).toContain('游戏暂时无法打开'));
  });

  it('that loads and whose server answers stays', async () => {
    network(() => true);
    await render('http://localhost:4100/play/x');
    await frameLoads();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(frame()).not.toBeNull();
  });

  it('shows an address off the network as it is, without asking anyone', async () => {
    const fetches = network(() => false);
    await render('about:blank#play');
    await frameLoads();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(frame()?.getAttribute('src')).toBe('about:blank#play');
    expect(fetches).not.toHaveBeenCalled();
  });
});

describe('gameServerAnswers', () => {
  it('takes any HTTP answer as there, and a refused or slow connection as not', async () => {
    network((origin) => origin === 'https://games.example');
    expect(await gameServerAnswers('https://games.example/play/abc?token=1')).toBe(true);
    expect(await gameServerAnswers('https://down.example/play/abc')).toBe(false);
    // An address off the network has no server to ask.
    expect(await gameServerAnswers('about:blank')).toBe(true);
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted')));
        }),
    );
    expect(await gameServerAnswers('https://slow.example/play', 30)).toBe(false);
  });
});
