import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  recycleEndpoint,
  transferEndpoint,
  transferOrdersEndpoint,
  walletListEndpoint,
} from '@lobby/contracts';
import {
  click,
  createFakeApi,
  renderScreen,
  submit,
  testBalance,
  typeInto,
  waitFor,
  type ApiCall,
  type Rendered,
} from '../../app/test-render.tsx';
import { ApiError, TransportError } from '../../lib/api-errors.ts';
import { page, transferOrder, walletPlatform } from './test-fixtures.ts';
import { TransferPage } from './transfer-page.tsx';

const wallets = [
  walletPlatform({ id: 17, name: '鹏购电子', sort: 1, balance: '0.00' }),
  walletPlatform({ id: 9, name: '金龙真人', sort: 2, category: 2, balance: '80.00', stale: true }),
  walletPlatform({
    id: 25,
    name: '开元棋牌',
    sort: 3,
    category: 7,
    balance: '20.00',
    inTransit: true,
  }),
];

let screen: Rendered | undefined;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  vi.restoreAllMocks();
});

function setup(handlers: Record<string, (call: ApiCall) => unknown> = {}) {
  return createFakeApi({
    [walletListEndpoint.path]: () => wallets,
    [transferOrdersEndpoint.path]: () =>
      page([transferOrder({ orderNo: 'T1', status: 'in_transit', platformId: 25 })]),
    '/api/findmed/v1/member/balance': () => testBalance('300.00', '100.00'),
    ...handlers,
  });
}

async function open(api = setup()) {
  screen = await renderScreen({
    routes: [{ path: '/finance/transfer', element: <TransferPage /> }],
    path: '/finance/transfer',
    api,
    balance: testBalance('300.00', '100.00'),
  });
  await waitFor(() => expect(screen?.container.querySelectorAll('.wallet-card')).toHaveLength(3));
  return screen;
}

const $ = (selector: string) => screen?.container.querySelector(selector);

describe('/finance/transfer', () => {
  it('shows the centre wallet and each platform, marking stale balances and transfers in transit', async () => {
    await open();
    expect($('[data-figure="centre"]')?.textContent).toContain('¥300.00');
    expect($('[data-figure="platforms"]')?.textContent).toContain('¥100.00');
    expect($('[data-wallet="9"]')?.textContent).toContain('余额未更新');
    expect($('[data-wallet="9"]')?.textContent).toContain('¥80.00');
    expect($('[data-wallet="25"]')?.textContent).toContain('转账确认中');
    // The order in transit is listed as such.
    await waitFor(() =>
      expect($('.recent-orders tr[data-row="T1"]')?.textContent).toContain('确认中'),
    );
  });

  it('transfers in with the amount filtered, one idempotency key per submission', async () => {
    let fail: Error | null = new TransportError('timeout', 'timeout of 10000 ms exceeded');
    const api = setup({
      [transferEndpoint.path]: (call) => {
        if (fail) {
          const error = fail;
          fail = null;
          throw error;
        }
        return {
          order: transferOrder({ amount: call.values['amount'] ?? '', orderNo: 'T2' }),
          balance: '250.00',
        };
      },
    });
    await open(api);
    await typeInto($('select[name="platform"]'), '17');
    await typeInto($('input[name="amount"]'), '5a0.129');
    expect(($('input[name="amount"]') as HTMLInputElement).value).toBe('50.12');

    // The answer is lost: the same submission sent again carries the same key.
    await submit($('form.transfer-form'));
    await waitFor(() => expect($('.form-alert--error')?.textContent).toContain('请求超时'));
    await submit($('form.transfer-form'));
    await waitFor(() => expect($('.form-alert--success')?.textContent).toContain('T2'));
    const [first, second] = api.callsTo(transferEndpoint.path);
    expect(first?.values).toMatchObject({ platform: '17', type: 'in', amount: '50.12' });
    expect(second?.values['idempotencyKey']).toBe(first?.values['idempotencyKey']);
    expect(transferEndpoint.params.parse(second?.values)).toMatchObject({ platform: 17 });

    // The next submission is a new one, sent in the wire form of an amount ("10." is "10.00").
    await typeInto($('input[name="amount"]'), '10.');
    await submit($('form.transfer-form'));
    await waitFor(() => expect(api.callsTo(transferEndpoint.path)).toHaveLength(3));
    const third = api.callsTo(transferEndpoint.path)[2];
    expect(third?.values['idempotencyKey']).not.toBe(first?.values['idempotencyKey']);
    expect(third?.values['amount']).toBe('10.00');
  });

  it('transfers out from a wallet chosen on its card, and says when it is in transit', async () => {
    const api = setup({
      [transferEndpoint.path]: (call) => ({
        order: transferOrder({
          orderNo: 'T3',
          direction: 'out',
          platformId: 9,
          amount: call.values['amount'] ?? '',
          status: 'in_transit',
          finishedAt: null,
        }),
        balance: '300.00',
      }),
    });
    await open(api);
    const out = [...($('[data-wallet="9"]')?.querySelectorAll('button') ?? [])].find(
      (button) => button.textContent === '转出',
    );
    await click(out);
    expect(($('select[name="platform"]') as HTMLSelectElement).value).toBe('9');
    expect($('.transfer-route')?.textContent).toContain('金龙真人');
    // "All" takes what the platform holds.
    await click($('.transfer-form .input__action'));
    expect(($('input[name="amount"]') as HTMLInputElement).value).toBe('80.00');
    await submit($('form.transfer-form'));
    await waitFor(() => expect($('.form-alert--info')?.textContent).toContain('转账确认中'));
    expect(api.callsTo(transferEndpoint.path)[0]?.values).toMatchObject({
      platform: '9',
      type: 'out',
      amount: '80.00',
    });
  });

  it('checks the amount against what can be moved before sending', async () => {
    const api = setup({ [transferEndpoint.path]: () => ({}) });
    await open(api);
    await typeInto($('select[name="platform"]'), '17');
    await typeInto($('input[name="amount"]'), '999');
    await submit($('form.transfer-form'));
    await waitFor(() => expect($('.transfer-form')?.textContent).toContain('超出可用余额 300.00'));
    expect(api.callsTo(transferEndpoint.path)).toHaveLength(0);
  });

  it("shows the server's refusal in the member's language", async () => {
    const api = setup({
      [transferEndpoint.path]: () => {
        throw new ApiError('transfer_in_progress', '该场馆有一笔转账正在确认中，请稍后再试', 409);
      },
    });
    await open(api);
    await typeInto($('select[name="platform"]'), '25');
    await typeInto($('input[name="amount"]'), '10');
    await submit($('form.transfer-form'));
    await waitFor(() =>
      expect($('.form-alert--error')?.textContent).toBe('该场馆有一笔转账正在确认中，请稍后再试'),
    );
  });

  it('recycles every platform and shows a result per platform', async () => {
    const api = setup({
      [recycleEndpoint.path]: () => ({
        results: [
          {
            platformId: 9,
            platformName: '金龙真人',
            result: 'success',
            amount: '80.00',
            reason: null,
            reasonText: null,
            orderNo: 'T4',
          },
          {
            platformId: 25,
            platformName: '开元棋牌',
            result: 'skipped',
            amount: '0.00',
            reason: 'transfer_in_progress',
            reasonText: '有一笔转账正在确认中',
            orderNo: null,
          },
          {
            platformId: 17,
            platformName: '鹏购电子',
            result: 'empty',
            amount: '0.00',
            reason: null,
            reasonText: null,
            orderNo: null,
          },
        ],
        recycled: '80.00',
        balance: '380.00',
      }),
    });
    await open(api);
    await click($('.recycle__bar button'));
    await waitFor(() => expect($('[data-testid="recycle-results"]')).not.toBeNull());
    const results = $('[data-testid="recycle-results"]');
    expect(results?.textContent).toContain('本次回收 ¥80.00');
    expect(results?.querySelector('[data-platform="9"]')?.textContent).toContain('已回收');
    expect(results?.querySelector('[data-platform="25"]')?.textContent).toBe(
      '开元棋牌已跳过有一笔转账正在确认中',
    );
    expect(results?.querySelector('[data-platform="17"]')?.textContent).toContain('无余额');
    expect(results?.textContent).toContain('1 个钱包无余额');
    expect(api.callsTo(recycleEndpoint.path)[0]?.values['idempotencyKey']).toMatch(
      /^[\w.:-]{8,64}$/,
    );
  });
});
