import type { GameItem, GamePlatform, TransferOrder, WalletPlatform } from '@lobby/contracts';

/** Answers of the games endpoints for tests, in the contracts' shapes. */

export const gameItem = (overrides: Partial<GameItem> = {}): GameItem => ({
  platformId: 17,
  code: 'fortune-dragon',
  name: '财神龙',
  category: 4,
  hot: true,
  icon: '/images/games/fortune-dragon.svg',
  ...overrides,
});

export const gamePlatform = (overrides: Partial<GamePlatform> = {}): GamePlatform => {
  const id = overrides.id ?? 17;
  const category = overrides.category ?? 4;
  return {
    id,
    code: 'PGS',
    name: '鹏购电子',
    sort: 1,
    wallet: 1,
    category,
    special: true,
    maintenance: false,
    icon: `/images/platforms/${id}.svg`,
    games: [
      gameItem({ platformId: id, category, code: 'fortune-dragon', name: '财神龙', hot: true }),
      gameItem({ platformId: id, category, code: 'golden-koi', name: '金锦鲤', hot: false }),
    ],
    balance: '0.00',
    inTransit: false,
    ...overrides,
  };
};

export const walletPlatform = (overrides: Partial<WalletPlatform> = {}): WalletPlatform => {
  const { games: _games, ...platform } = gamePlatform(overrides as Partial<GamePlatform>);
  return { ...platform, stale: false, ...overrides };
};

export const transferOrder = (overrides: Partial<TransferOrder> = {}): TransferOrder => ({
  orderNo: 'T20260101000001',
  platformId: 17,
  platformName: '鹏购电子',
  direction: 'in',
  amount: '50.00',
  currency: 'CNY',
  status: 'success',
  reason: null,
  reasonText: null,
  createdAt: '2026-01-01T08:00:00.000Z',
  finishedAt: '2026-01-01T08:00:01.000Z',
  ...overrides,
});

export const page = <T>(items: T[], total = items.length) => ({
  items,
  total,
  page: 1,
  pageSize: 20,
});
