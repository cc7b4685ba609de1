import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  gameListEndpoint,
  gameSettingsEndpoint,
  launchGameEndpoint,
  transferEndpoint,
  updateGameSettingsEndpoint,
  walletListEndpoint,
} from '@lobby/contracts';
import { sessionStore } from '../../app/session-store.ts';
import {
  click,
  createFakeApi,
  renderScreen,
  submit,
  typeInto,
  waitFor,
  type ApiCall,
  type Rendered,
} from '../../app/test-render.tsx';
import { ApiError } from '../../lib/api-errors.ts';
import { EgamePage } from './egame-page.tsx';
import { writeOpenMode } from './open-mode.ts';
import { SportsPage } from './sports-page.tsx';
import { gameItem, gamePlatform, transferOrder, walletPlatform } from './test-fixtures.ts';
import { VenuePage } from './venue-page.tsx';

const casino = [
  gamePlatform({
    id: 9,
    code: 'JLC',
    name: '金龙真人',
    category: 2,
    sort: 1,
    balance: '12.50',
    games: [
      gameItem({ platformId: 9, category: 2, code: 'baccarat', name: '百家乐', hot: true }),
      gameItem({ platformId: 9, category: 2, code: 'roulette', name: '欧洲轮盘', hot: false }),
    ],
  }),
  gamePlatform({
    id: 10,
    code: 'BLC',
    name: '百乐真人',
    category: 2,
    sort: 2,
    maintenance: true,
    games: [gameItem({ platformId: 10, category: 2, code: 'baccarat', name: '百家乐' })],
  }),
];

const slots = [
  gamePlatform({ id: 17, name: '鹏购电子', sort: 1 }),
  gamePlatform({
    id: 18,
    name: '极点电子',
    sort: 2,
    games: [
      gameItem({ platformId: 18, code: 'jade-temple', name: '翡翠神殿', hot: false }),
      gameItem({ platformId: 18, code: 'panda-feast', name: '熊猫盛宴', hot: true }),
    ],
  }),
];

const sports = [
  gamePlatform({
    id: 1,
    name: '华盛体育',
    category: 6,
    sort: 1,
    games: [gameItem({ platformId: 1, category: 6, code: 'sportsbook', name: '体育投注' })],
  }),
  gamePlatform({
    id: 2,
    name: '博远体育',
    category: 6,
    sort: 2,
    games: [gameItem({ platformId: 2, category: 6, code: 'sportsbook', name: '体育投注' })],
  }),
];

const byShow: Record<string, unknown> = { '2': casino, '4': slots, '6': sports };

function launchAnswer(call: ApiCall) {
  return {
    url: `about:blank#play-${call.values['gameCode']}`,
    platformId: Number(call.values['platform']),
    gameCode: call.values['gameCode'] ?? '',
    gameName: '百家乐',
    transfer: null,
  };
}

function api(handlers: Record<string, (call: ApiCall) => unknown> = {}) {
  return createFakeApi({
    [gameListEndpoint.path]: (call) =>
      byShow[call.values['show'] ?? ''] ?? [...casino, ...slots, ...sports],
    [walletListEndpoint.path]: () => [
      walletPlatform({ id: 9, name: '金龙真人', balance: '12.50' }),
    ],
    [gameSettingsEndpoint.path]: (call) =>
      call.method === 'POST'
        ? { autoTransfer: call.values['autoTransfer'] === '1' }
        : { autoTransfer: false },
    [launchGameEndpoint.path]: launchAnswer,
    ...handlers,
  });
}

const venueRoutes = [
  {
    path: '/venue/realbet',
    element: <VenuePage category="casino" />,
  },
  {
    path: '/game/egame',
    element: <EgamePage />,
  },
  { path: '/sports', element: <SportsPage /> },
  { path: '/venue/sports', element: <VenuePage category="sports" /> },
  { path: '/login', element: <p>login</p> },
];

let screen: Rendered | undefined;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  // The game pages are the simulator's (tested in the browser); here a frame loads a blank
  // page named after the launch, which happy-dom loads only when frames are allowed.
  (
    window as unknown as { happyDOM: { settings: { enableIframePageLoading: boolean } } }
  ).happyDOM.settings.enableIframePageLoading = true;
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  sessionStore.clearMember();
  localStorage.clear();
  vi.restoreAllMocks();
});

const $ = (selector: string) => screen?.container.querySelector(selector) ?? null;
const $$ = (selector: string) => [...(screen?.container.querySelectorAll(selector) ?? [])];
const location = () => {
  const { pathname, search } = screen?.router.state.location ?? { pathname: '', search: '' };
  return `${pathname}${search}`;
};

async function open(path: string, fake = api(), member?: null) {
  screen = await renderScreen({ routes: venueRoutes, path, api: fake, member });
  return fake;
}

describe('venue screens', () => {
  it("list the category's platforms with their games, balances and maintenance", async () => {
    const fake = await open('/venue/realbet');
    await waitFor(() => expect($$('.platform-card')).toHaveLength(2));
    expect(fake.callsTo(gameListEndpoint.path)[0]?.values).toEqual({ show: '2' });
    const open9 = $('[data-platform="9"]');
    expect(open9?.textContent).toContain('金龙真人');
    expect(open9?.textContent).toContain('百家乐');
    expect(open9?.textContent).toContain('欧洲轮盘');
    expect(open9?.textContent).toContain('¥12.50');
    const closed = $('[data-platform="10"]');
    expect(closed?.textContent).toContain('游戏维护中');
    expect(closed?.querySelector('button')?.disabled).toBe(true);
  });

  it('send a guest to /login first, coming back to the game', async () => {
    await open('/venue/realbet', api(), null);
    await waitFor(() => expect($$('.platform-card')).toHaveLength(2));
    expect($('[data-platform="9"]')?.textContent).not.toContain('¥12.50');
    await click($('[data-game="9:baccarat"]'));
    expect(location()).toBe('/login');
    expect(screen?.router.state.location.state).toEqual({
      from: '/venue/realbet?platform=9&game=baccarat',
    });
  });

  it('open a game inside the site: launch, frame, game selection, exit back to the venue', async () => {
    const fake = await open('/venue/realbet');
    await waitFor(() => expect($$('.platform-card')).toHaveLength(2));
    await click($('[data-game="9:baccarat"]'));
    expect(location()).toBe('/venue/realbet?platform=9&game=baccarat');
    await waitFor(() =>
      expect($('iframe.game-screen__frame')?.getAttribute('src')).toBe('about:blank#play-baccarat'),
    );
    const [launch] = fake.callsTo(launchGameEndpoint.path);
    expect(launch?.values).toMatchObject({
      platform: '9',
      gameCode: 'baccarat',
      returnUrl: '/venue/realbet?platform=9',
    });
    expect(launchGameEndpoint.body.parse(launch?.values)).toMatchObject({ platform: 9 });
    expect(sessionStore.getState().game).toEqual({
      gameid: 'baccarat',
      platform: '9',
      startGame: true,
    });
    expect($('[data-testid="game-screen"]')?.textContent).toContain('金龙真人');
    await waitFor(() =>
      expect($('[data-testid="game-platform-balance"]')?.textContent).toContain('¥12.50'),
    );

    await click($('.game-screen__exit'));
    expect(location()).toBe('/venue/realbet?platform=9');
    expect($('[data-testid="game-screen"]')).toBeNull();
    expect(sessionStore.getState().game).toEqual({ gameid: '', platform: '', startGame: false });
    expect($('[data-platform="9"]')?.classList.contains('is-highlighted')).toBe(true);
  });

  it('move money in from the game screen and keep the automatic transfer setting', async () => {
    const fake = await open(
      '/venue/realbet?platform=9&game=baccarat',
      api({
        [transferEndpoint.path]: (call) => ({
          order: transferOrder({ platformId: 9, amount: call.values['amount'] ?? '' }),
          balance: '50.00',
        }),
      }),
    );
    await waitFor(() => expect($('iframe.game-screen__frame')).not.toBeNull());
    await typeInto($('input[name="quickAmount"]'), '2a0.505');
    expect(($('input[name="quickAmount"]') as HTMLInputElement).value).toBe('20.50');
    await submit($('form.quick-transfer'));
    await waitFor(() => expect($('.quick-transfer')?.textContent).toContain('已转入 20.50'));
    expect(fake.callsTo(transferEndpoint.path)[0]?.values).toMatchObject({
      platform: '9',
      type: 'in',
      amount: '20.50',
    });

    await waitFor(() =>
      expect(($('input[name="autoTransfer"]') as HTMLInputElement).disabled).toBe(false),
    );
    await click($('input[name="autoTransfer"]'));
    await waitFor(() =>
      expect(
        fake.callsTo(updateGameSettingsEndpoint.path).filter((c) => c.method === 'POST'),
      ).toHaveLength(1),
    );
    await waitFor(() =>
      expect(($('input[name="autoTransfer"]') as HTMLInputElement).checked).toBe(true),
    );
  });

  it('say why a game cannot open, in the server text, with a retry', async () => {
    let refuse = true;
    await open(
      '/venue/realbet?platform=9&game=baccarat',
      api({
        [launchGameEndpoint.path]: (call) => {
          if (refuse) {
            refuse = false;
            throw new ApiError('game_maintenance', '游戏维护中，请稍后再试。', 503);
          }
          return launchAnswer(call);
        },
      }),
    );
    await waitFor(() => expect($('.game-screen__stage')?.textContent).toContain('进入游戏失败'));
    expect($('.game-screen__stage')?.textContent).toContain('游戏维护中，请稍后再试。');
    expect(sessionStore.getState().game.startGame).toBe(false);
    const retry = [...($('.game-screen__stage')?.querySelectorAll('button') ?? [])].find(
      (button) => button.textContent === '重试',
    );
    await click(retry);
    await waitFor(() => expect($('iframe.game-screen__frame')).not.toBeNull());
  });

  it('open a game in a new window when the member chose so, and fall back when it is blocked', async () => {
    writeOpenMode('window');
    const popup = {
      document: { title: '', body: { textContent: '' } },
      location: { replace: vi.fn() },
      opener: {} as unknown,
      close: vi.fn(),
    };
    const openWindow = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const fake = await open('/venue/realbet');
    await waitFor(() => expect($$('.platform-card')).toHaveLength(2));
    await click($('[data-game="9:roulette"]'));
    await waitFor(() =>
      expect(popup.location.replace).toHaveBeenCalledWith('about:blank#play-roulette'),
    );
    expect(popup.opener).toBeNull();
    expect(location()).toBe('/venue/realbet');
    expect(fake.callsTo(launchGameEndpoint.path)).toHaveLength(1);
    expect(sessionStore.getState().game).toEqual({
      gameid: 'roulette',
      platform: '9',
      startGame: true,
    });

    openWindow.mockReturnValue(null);
    await click($('[data-game="9:baccarat"]'));
    expect(location()).toBe('/venue/realbet?platform=9&game=baccarat');
    await waitFor(() => expect($('iframe.game-screen__frame')).not.toBeNull());
  });
});

describe('/game/egame', () => {
  it('searches, filters by platform (kept in the address) and by hot', async () => {
    await open('/game/egame');
    await waitFor(() => expect($$('.game-tile')).toHaveLength(4));
    expect($('.egame-count')?.textContent).toBe('共 4 款游戏');

    await typeInto($('input[name="gameSearch"]'), '熊猫');
    expect($$('.game-tile').map((tile) => tile.getAttribute('data-game'))).toEqual([
      '18:panda-feast',
    ]);
    await typeInto($('input[name="gameSearch"]'), '没有这个');
    expect($('.egame-panel')?.textContent).toContain('暂无游戏');
    await typeInto($('input[name="gameSearch"]'), '');

    const tab = $$('.tabs__tab').find((button) => button.textContent === '鹏购电子');
    await click(tab);
    expect(location()).toBe('/game/egame?platform=17');
    expect($$('.game-tile')).toHaveLength(2);

    const hot = $$('.chip').find((button) => button.textContent?.includes('只看热门'));
    await click(hot);
    expect($$('.game-tile').map((tile) => tile.getAttribute('data-game'))).toEqual([
      '17:fortune-dragon',
    ]);

    // A game opened here comes back to the same filter.
    await click($('[data-game="17:fortune-dragon"]'));
    expect(location()).toBe('/game/egame?platform=17&game=fortune-dragon');
    await waitFor(() => expect($('iframe.game-screen__frame')).not.toBeNull());
    await click($('.game-screen__exit'));
    expect(location()).toBe('/game/egame?platform=17');
  });
});

describe('sports', () => {
  it('opens a sports platform chosen on /venue/sports on the sports screen, inside the page', async () => {
    const fake = await open('/venue/sports');
    await waitFor(() => expect($$('.platform-card')).toHaveLength(2));
    await click($('[data-game="1:sportsbook"]'));
    expect(location()).toBe('/sports?platform=1');
    await waitFor(() => expect($('.game-screen--inline iframe')).not.toBeNull());
    expect(fake.callsTo(launchGameEndpoint.path).at(-1)?.values).toMatchObject({
      platform: '1',
      gameCode: 'sportsbook',
    });
    expect(sessionStore.getState().game).toMatchObject({ gameid: 'sportsbook', platform: '1' });

    const other = $$('.sports-screen__platforms .chip').find((chip) =>
      chip.textContent?.includes('博远体育'),
    );
    await click(other);
    expect(location()).toBe('/sports?platform=2');
    await waitFor(() => expect(sessionStore.getState().game).toMatchObject({ platform: '2' }));
  });

  it('lists the sports platforms when none is chosen', async () => {
    await open('/sports');
    await waitFor(() => expect($$('.platform-card')).toHaveLength(2));
    expect($('[data-testid="game-screen"]')).toBeNull();
  });
});
