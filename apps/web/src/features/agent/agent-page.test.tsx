import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  agentApplyEndpoint,
  agentDownlineEndpoint,
  agentInfoEndpoint,
  agentStatementsEndpoint,
  type AgentApplication,
  type AgentInfo,
} from '@lobby/contracts';
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
import { AgentPage } from './agent-page.tsx';

let screen: Rendered | undefined;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  vi.restoreAllMocks();
});

const baseInfo = (overrides: Partial<AgentInfo> = {}): AgentInfo => ({
  loggedIn: true,
  agent: false,
  agentStatus: null,
  application: null,
  inviteCode: null,
  inviteLink: null,
  rules: {
    currency: 'CNY',
    tiers: [
      { minActiveMembers: 3, minNetRevenue: '1.00', shareBp: 1500 },
      { minActiveMembers: 5, minNetRevenue: '10000.00', shareBp: 2500 },
    ],
    explanation: ['佣金按自然月结算。'],
  },
  sponsors: [
    {
      id: 'club',
      name: '城市联足球俱乐部',
      role: '官方合作伙伴',
      description: '支持青训',
      period: '2026',
    },
  ],
  ...overrides,
});

const application = (overrides: Partial<AgentApplication> = {}): AgentApplication => ({
  id: '7',
  status: 'pending',
  contact: 'Telegram @me',
  message: '',
  reviewNote: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  decidedAt: null,
  ...overrides,
});

async function open(info: AgentInfo, member: 'member' | 'guest' = 'member') {
  let current = info;
  const api = createFakeApi({
    [agentInfoEndpoint.path]: () => current,
    [agentApplyEndpoint.path]: (call: ApiCall) => {
      current = {
        ...current,
        application: application({ contact: call.values.contact ?? '' }),
      };
      return current.application;
    },
    [agentDownlineEndpoint.path]: () => ({
      month: '2026-11',
      currency: 'CNY',
      summary: {
        registered: 2,
        active: 1,
        bet: '100.00',
        validBet: '90.00',
        payout: '40.00',
        bonus: '5.00',
        netRevenue: '55.00',
      },
      items: [
        { username: 'fr***3', joinedAt: '2026-11-20T02:00:00.000Z', active: true },
        { username: 'ab***9', joinedAt: '2026-11-02T02:00:00.000Z', active: false },
      ],
      total: 2,
      page: 1,
      pageSize: 10,
    }),
    [agentStatementsEndpoint.path]: () => ({
      items: [
        {
          id: '1',
          month: '2026-10',
          currency: 'CNY',
          activeMembers: 3,
          bet: '1000.00',
          validBet: '900.00',
          payout: '400.00',
          bonus: '0.00',
          netRevenue: '600.00',
          shareBp: 1500,
          commission: '90.00',
          status: 'paid',
          reviewNote: null,
          createdAt: '2026-11-01T00:00:00.000Z',
          decidedAt: '2026-11-02T00:00:00.000Z',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 10,
    }),
  });
  screen = await renderScreen({
    routes: [{ path: '/agent', element: <AgentPage /> }],
    path: '/agent',
    api,
    ...(member === 'guest' ? { member: null } : {}),
  });
  return { api, screen };
}

const button = (text: string) =>
  [...document.querySelectorAll('button')].find((element) => element.textContent?.includes(text));

describe('/agent', () => {
  it('shows a guest the tiers, the rules, the sponsors and the way to log in', async () => {
    const { screen: shown } = await open(baseInfo({ loggedIn: false }), 'guest');
    await waitFor(() => expect(document.querySelectorAll('.agent-tiers__share')).toHaveLength(2));
    expect(shown.text()).toContain('25%');
    expect(document.querySelector('.feature-hero__stat strong')?.textContent).toBe('25%');
    expect(shown.text()).toContain('佣金按自然月结算。');
    expect(shown.text()).toContain('城市联足球俱乐部');
    expect(shown.text()).toContain('请先登录后再提交合营申请');
    expect(document.querySelector('form.agent-apply')).toBeNull();
  });

  it('asks for a contact, applies, and shows the pending application', async () => {
    const { api, screen: shown } = await open(baseInfo());
    await waitFor(() => expect(document.querySelector('form.agent-apply')).not.toBeNull());
    await submit(document.querySelector('form.agent-apply'));
    expect(shown.text()).toContain('请填写联系方式');
    expect(api.callsTo(agentApplyEndpoint.path)).toHaveLength(0);

    await typeInto(document.querySelector('input[name="contact"]'), ' Telegram @me ');
    await click(button('提交申请'));
    await waitFor(() =>
      expect(document.querySelector('[data-application-status="pending"]')).not.toBeNull(),
    );
    expect(api.callsTo(agentApplyEndpoint.path)[0]?.values).toEqual({
      contact: 'Telegram @me',
      message: '',
    });
    expect(shown.text()).toContain('申请审核中');
    expect(document.querySelector('form.agent-apply')).toBeNull();
  });

  it('shows a rejection with its note and lets the member apply again', async () => {
    const { screen: shown } = await open(
      baseInfo({ application: application({ status: 'rejected', reviewNote: '请补充推广渠道' }) }),
    );
    await waitFor(() => expect(shown.text()).toContain('请补充推广渠道'));
    expect(shown.text()).toContain('您的上一份申请未通过。');
    expect(document.querySelector('form.agent-apply')).not.toBeNull();
  });

  it('gives an agent the invite link, the downline and the statements', async () => {
    const link = 'https://jinsheng.lobby.test/register?i_code=QK7ABC';
    const { screen: shown } = await open(
      baseInfo({ agent: true, agentStatus: 'active', inviteCode: 'QK7ABC', inviteLink: link }),
    );
    await waitFor(() =>
      expect(document.querySelectorAll('[data-downline-username]')).toHaveLength(2),
    );
    expect(document.querySelector('[data-invite-link]')?.textContent).toBe(link);
    expect(document.querySelector('[data-invite-code]')?.textContent).toBe('QK7ABC');
    await waitFor(() =>
      expect(document.querySelector('svg.qr-code')?.getAttribute('data-qr-value')).toBe(link),
    );
    expect(document.querySelector('[data-summary="registered"] dd')?.textContent).toBe('2');
    expect(shown.text()).toContain('fr***3');
    await waitFor(() => expect(shown.text()).toContain('已发放'));
    expect(shown.text()).toContain('您已是合营伙伴');
    expect(document.querySelector('form.agent-apply')).toBeNull();
  });
});
