import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  memberPayoutAccountsEndpoint,
  withdrawEndpoint,
  withdrawOrdersEndpoint,
  withdrawPasswordConfigEndpoint,
  type MemberBalance,
  type PayoutAccount,
} from '@lobby/contracts';
import {
  createFakeApi,
  renderScreen,
  submit,
  typeInto,
  waitFor,
  type Rendered,
} from '../../app/test-render.tsx';
import { ApiError } from '../../lib/api-errors.ts';
import { WithdrawPage } from './withdraw-page.tsx';

const balance = (turnover: string): MemberBalance => ({
  currency: 'CNY',
  balance: '600.00',
  locked: '0.00',
  platforms: '0.00',
  total: '600.00',
  turnover,
});

const card: PayoutAccount = {
  id: '7',
  withdrawType: 1,
  bankCode: 'icbc',
  bankName: '工商银行',
  group: -1,
  protocol: null,
  protocolName: null,
  coinName: null,
  holderName: '李*',
  account: '6222 **** **** 1234',
  createdAt: '2026-01-01T08:00:00.000Z',
};

let screen: Rendered | undefined;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  vi.restoreAllMocks();
});

const turnoverShown = () =>
  screen?.container.querySelector('[data-figure="turnover"]')?.textContent ?? '';

describe('/finance/withdraw', () => {
  it('shows the turnover still owed as the server has it: on opening and after a refusal', async () => {
    // The screen holds 500 from a refresh a few seconds ago; bets settled since then.
    const answers = [balance('420.00'), balance('380.00')];
    const loadBalance = vi.fn(() => Promise.resolve(answers.shift() ?? balance('380.00')));
    const api = createFakeApi({
      // The brand has no withdrawal passwords: nothing to encrypt.
      [withdrawPasswordConfigEndpoint.path]: () => ({ d: false, p: false }),
      [memberPayoutAccountsEndpoint.path]: (call) =>
        call.values['withdraw_type'] === '1' ? [card] : [],
      [withdrawOrdersEndpoint.path]: () => ({ items: [], total: 0, page: 1, pageSize: 5 }),
      [withdrawEndpoint.path]: () => {
        throw new ApiError(
          'withdraw_turnover_outstanding',
          '您还需完成 380.00 的有效投注流水才能提现',
          409,
        );
      },
    });
    screen = await renderScreen({
      routes: [{ path: '/finance/withdraw', element: <WithdrawPage /> }],
      path: '/finance/withdraw',
      api,
      balance: balance('500.00'),
      loadBalance,
    });
    await waitFor(() => expect(turnoverShown()).toContain('420.00'));
    expect(loadBalance).toHaveBeenCalledTimes(1);

    await waitFor(() =>
      expect(screen?.container.querySelector('.account-choice')?.textContent).toContain('1234'),
    );
    await typeInto(screen.container.querySelector('input[name="amount"]'), '200');
    await submit(screen.container.querySelector('form'));
    await waitFor(() =>
      expect(screen?.text()).toContain('您还需完成 380.00 的有效投注流水才能提现'),
    );
    await waitFor(() => expect(turnoverShown()).toContain('380.00'));
    expect(loadBalance).toHaveBeenCalledTimes(2);
  });
});
