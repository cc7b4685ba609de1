import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminMemberBetsExportEndpoint,
  adminMemberDepositsExportEndpoint,
  adminMemberLedgerExportEndpoint,
  adminMemberLoginsExportEndpoint,
  adminMemberRewardsExportEndpoint,
  adminMemberTransfersExportEndpoint,
  adminMemberWithdrawalsExportEndpoint,
} from '@lobby/contracts';
import type { CsvExport } from '../../lib/csv-export.ts';
import type { OperatorIdentity } from '../../plugins/operator-auth.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { parseCsv } from '../../test/csv.ts';
import { operatorLogin } from '../../test/operators.ts';
import { memberLogins } from '../identity/auth/auth.schema.ts';
import { operatorActions, operators } from '../identity/operator/operator.schema.ts';
import { OperatorService } from '../identity/operator/operator.service.ts';
import { createOperator } from '../identity/operator/operator.test-support.ts';
import { MemberHistoryExportService } from './members/member-history-export.service.ts';
import { MemberHistoryService } from './members/member-history.service.ts';
import { memberWithHistory, type HistoryMember } from './members/member-history.test-support.ts';

/**
 * The CSV exports of the member 360 history tabs: each tab's rows and filter as CSV (money as
 * decimals, payout accounts masked, the ledger's balance after each posting carried across
 * batches), the tab's permission and brand rule, and the export's action-log row.
 */
let harness: TestApp;
let admin: string;
let adminId: bigint;
let member: HistoryMember;
const BOM = '\uFEFF';
const TABS = [
  'ledger',
  'deposits',
  'withdrawals',
  'transfers',
  'bets',
  'rewards',
  'logins',
] as const;

type Download = {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  code: unknown;
  header: string[];
  /** The data rows, each cell by its column. */
  rows: Record<string, string>[];
};

async function download(tab: string, query = '', options: { token?: string; id?: string } = {}) {
  const id = options.id ?? String(member.id);
  const response = await harness.app.inject({
    method: 'GET',
    url: `/admin/api/members/${id}/${tab}/export${query ? `?${query}` : ''}`,
    headers: { authorization: `Bearer ${options.token ?? admin}`, lang: 'en' },
  });
  const csv = response.headers['content-type']?.toString().startsWith('text/csv') ?? false;
  const { header, rows } = csv ? parseCsv(response.body) : { header: [], rows: [] };
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body: response.body,
    code: csv ? undefined : response.json<{ data: unknown }>().data,
    header,
    rows,
  } satisfies Download;
}

const column = (answer: Download, ...names: string[]) =>
  answer.rows.map((row) => (names.length === 1 ? row[names[0]!] : names.map((name) => row[name])));

async function lastExport(list: string) {
  const [row] = await harness.database.db
    .select()
    .from(operatorActions)
    .where(
      and(
        eq(operatorActions.action, 'export'),
        eq(operatorActions.targetType, list),
        eq(operatorActions.operatorId, adminId),
      ),
    )
    .orderBy(desc(operatorActions.id))
    .limit(1);
  return row;
}

/** Every row of an export read batch by batch, as the CSV stream reads it. */
async function readAll<Row>(spec: CsvExport<Row>, batch: number): Promise<Row[]> {
  const rows: Row[] = [];
  let after: Row | undefined;
  for (;;) {
    const next = await spec.read(after, batch);
    rows.push(...next);
    if (next.length < batch) return rows;
    after = next.at(-1);
  }
}

beforeAll(async () => {
  // The fixtures' history is of fixed days in 2026: the 12-month bound reads from this clock.
  harness = await createTestApp({ historyClock: () => new Date('2026-06-01T00:00:00Z') });
  const username = `xh${randomUUID().slice(0, 8)}`;
  await new OperatorService(harness.database.db).seedAdmin(username, 'operator-pass-1');
  admin = await operatorLogin(harness.app, { username, password: 'operator-pass-1' });
  const [me] = await harness.database.db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.username, username));
  adminId = me!.id;
  member = await memberWithHistory(harness, username);
});
afterAll(async () => {
  await harness.close();
});

describe('ledger export', () => {
  it('answers every posting newest first with the balance after each, and logs it on the member', async () => {
    const answer = await download('ledger');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="member-${String(member.id)}-ledger-\\d{8}T\\d{6}Z\\.csv"$`,
      ),
    );
    expect(answer.body.startsWith(BOM)).toBe(true);
    expect(answer.header).toEqual([...adminMemberLedgerExportEndpoint.columns]);
    expect(column(answer, 'reason', 'account', 'amount', 'balance_after', 'currency')).toEqual([
      ['adjustment', 'centre', '5.00', '78.00', 'CNY'],
      ['promo_bonus', 'centre', '8.00', '73.00', 'CNY'],
      ['game_transfer_in_reserve', 'centre', '-5.00', '65.00', 'CNY'],
      ['game_transfer_in', 'platform', '10.00', '10.00', 'CNY'],
      ['game_transfer_in_reserve', 'centre', '-10.00', '70.00', 'CNY'],
      ['withdrawal_request', 'locked', '20.00', '20.00', 'CNY'],
      ['withdrawal_request', 'centre', '-20.00', '80.00', 'CNY'],
      ['deposit', 'centre', '100.00', '100.00', 'CNY'],
    ]);
    expect(answer.rows[3]).toMatchObject({ platform_id: '9', platform_name: 'Golden Dragon Live' });
    expect(answer.rows.at(-1)).toMatchObject({
      reference: `deposit:${member.deposits.confirmed}`,
      memo: member.deposits.confirmed,
      actor_type: 'operator',
      platform_id: '',
    });
    const logged = await lastExport('member_ledger');
    expect(logged).toMatchObject({
      brandCode: 'jinsheng',
      targetId: String(member.id),
      details: { filter: {}, rows: 8, outcome: 'complete' },
    });
  });

  it('keeps the true balance under a filter, and carries it from batch to batch', async () => {
    const byReason = await download('ledger', 'reason=withdrawal_request');
    expect(column(byReason, 'account', 'balance_after')).toEqual([
      ['locked', '20.00'],
      ['centre', '80.00'],
    ]);
    expect((await lastExport('member_ledger'))?.details).toMatchObject({
      filter: { reason: 'withdrawal_request' },
      rows: 2,
    });
    const history = new MemberHistoryService({
      db: harness.database.db,
      brands: harness.app.brands,
    });
    const exports = new MemberHistoryExportService({
      db: harness.database.db,
      history,
      operators: new OperatorService(harness.database.db),
    });
    const request = {
      operator: { operatorId: adminId } as OperatorIdentity,
      ip: '127.0.0.1',
      language: 'en' as const,
    };
    const whole = await download('ledger');
    for (const [query, batch] of [
      [{}, 1],
      [{}, 3],
      [{ account: 'centre' as const }, 2],
    ] as const) {
      const spec = await exports.ledger(String(member.id), query, request);
      const rows = await readAll(spec, batch);
      const expected = whole.rows.filter(
        (row) => !('account' in query) || row.account === query.account,
      );
      expect(
        rows.map((row) => [row.id, row.balanceAfter]),
        `${JSON.stringify(query)} by ${batch}`,
      ).toEqual(expected.map((row) => [row.id, row.balance_after]));
    }
  });
});

describe('deposits and withdrawals exports', () => {
  it('exports the deposits of the filter with decimal amounts and reviewers', async () => {
    const answer = await download('deposits');
    expect(answer.header).toEqual([...adminMemberDepositsExportEndpoint.columns]);
    const { confirmed, rejected, submitted } = member.deposits;
    expect(column(answer, 'order_no', 'status', 'amount')).toEqual([
      [submitted, 'submitted', '30.00'],
      [rejected, 'rejected', '50.00'],
      [confirmed, 'confirmed', '100.00'],
    ]);
    expect(answer.rows[1]).toMatchObject({
      channel_type: 'online',
      reason: 'no payment arrived',
      reviewer: 'gateway:sandbox',
      details: '{}',
    });
    expect(answer.rows[2]!.reviewer).toMatch(/^xh/);
    expect(answer.rows[2]).toMatchObject({ decided_at: '2026-01-05T11:00:00.000Z' });
    const online = await download('deposits', 'channel=online&from=2026-01-06T00:00:00Z');
    expect(column(online, 'order_no')).toEqual([rejected]);
    expect((await lastExport('member_deposits'))?.details).toMatchObject({
      filter: { channel: 'online', from: '2026-01-06T00:00:00Z' },
      rows: 1,
    });
  });

  it('exports the withdrawals with the payout account masked', async () => {
    const answer = await download('withdrawals');
    expect(answer.header).toEqual([...adminMemberWithdrawalsExportEndpoint.columns]);
    expect(answer.rows).toEqual([
      expect.objectContaining({
        order_no: member.withdrawal,
        status: 'pending',
        amount: '20.00',
        account_type: 'bank',
        institution: 'icbc',
        holder_name: '张**',
        account_number: `${member.accountNumber.slice(0, 4)} **** **** ${member.accountNumber.slice(-4)}`,
        account_deleted: 'false',
        reviewer: '',
      }),
    ]);
    expect(answer.body).not.toContain(member.accountNumber);
    expect(answer.body).not.toContain('张三丰');
    expect((await download('withdrawals', 'status=approved')).rows).toEqual([]);
  });
});

describe('transfers, bets and rewards exports', () => {
  it('exports the transfers with their last status query', async () => {
    const answer = await download('transfers');
    expect(answer.header).toEqual([...adminMemberTransfersExportEndpoint.columns]);
    expect(column(answer, 'id')).toEqual([
      String(member.transfers.inTransit),
      String(member.transfers.settled),
    ]);
    expect(answer.rows[0]).toMatchObject({
      status: 'in_transit',
      platform_name: 'Huasheng Sports',
      amount: '5.00',
      attempts: '2',
      queries: '1',
      last_query_at: '2026-03-11T10:00:30.000Z',
      last_query_source: 'sweep',
      last_query_answer: 'timeout',
      last_query_status: '',
    });
    expect(answer.rows[1]).toMatchObject({
      status: 'success',
      amount: '10.00',
      queries: '0',
      last_query_at: '',
      finished_at: '2026-03-10T10:00:01.000Z',
    });
    const settled = await download('transfers', 'status=success&platform=9');
    expect(column(settled, 'id')).toEqual([String(member.transfers.settled)]);
  });

  it('exports the settled rounds newest first, in keyset batches', async () => {
    const answer = await download('bets');
    expect(answer.header).toEqual([...adminMemberBetsExportEndpoint.columns]);
    expect(column(answer, 'round_id')).toEqual([...member.bets].reverse());
    expect(answer.rows[2]).toMatchObject({
      game_name: 'Baccarat',
      status: 'settled',
      bet: '10.00',
      valid_bet: '10.00',
      payout: '19.50',
      win_loss: '9.50',
      settled_at: '2026-03-01T10:00:00.000Z',
    });
    expect(answer.rows[0]).toMatchObject({ bet: '20.00', valid_bet: '18.00', win_loss: '-20.00' });
    const live = await download('bets', 'platform=9&to=2026-03-02T00:00:00Z');
    expect(column(live, 'round_id')).toEqual([member.bets[0]]);
    const exports = new MemberHistoryExportService({
      db: harness.database.db,
      history: new MemberHistoryService({ db: harness.database.db, brands: harness.app.brands }),
      operators: new OperatorService(harness.database.db),
    });
    const spec = await exports.bets(
      String(member.id),
      {},
      {
        operator: { operatorId: adminId } as OperatorIdentity,
        ip: '127.0.0.1',
        language: 'en',
      },
    );
    expect((await readAll(spec, 1)).map((row) => row.roundId)).toEqual([...member.bets].reverse());
  });

  it('exports claims, sign-ins, gifts and VIP money in the tab’s order, in keyset batches', async () => {
    const answer = await download('rewards');
    expect(answer.header).toEqual([...adminMemberRewardsExportEndpoint.columns]);
    expect(column(answer, 'kind', 'status', 'amount')).toEqual([
      ['vip_rebate', 'paid', '1.50'],
      ['gift', 'pending_delivery', '0.00'],
      ['sign_in', 'paid', '1.00'],
      ['promotion', 'paid', '8.00'],
    ]);
    expect(answer.rows[0]).toMatchObject({ title: 'VIP 1', detail: '2026-02-05' });
    expect(answer.rows[1]).toMatchObject({ turnover_cost: '3000.00', decided_at: '' });
    const paid = await download('rewards', 'status=paid&from=2026-02-02T00:00:00Z');
    expect(column(paid, 'kind')).toEqual(['vip_rebate', 'sign_in']);
    const exports = new MemberHistoryExportService({
      db: harness.database.db,
      history: new MemberHistoryService({ db: harness.database.db, brands: harness.app.brands }),
      operators: new OperatorService(harness.database.db),
    });
    const spec = await exports.rewards(
      String(member.id),
      {},
      {
        operator: { operatorId: adminId } as OperatorIdentity,
        ip: '127.0.0.1',
        language: 'en',
      },
    );
    expect((await readAll(spec, 1)).map((row) => row.kind)).toEqual(column(answer, 'kind'));
  });
});

describe('login history export', () => {
  it('exports the login attempts newest first, formulas neutralised, and logs it', async () => {
    await harness.database.db.insert(memberLogins).values([
      {
        brandCode: 'jinsheng',
        memberId: member.id,
        username: member.username,
        result: 'wrong_password',
        ip: '10.0.0.1',
        userAgent: '=cmd|calc',
        createdAt: new Date('2026-04-01T08:00:00Z'),
      },
      {
        brandCode: 'jinsheng',
        memberId: member.id,
        username: member.username.toUpperCase(),
        result: 'success',
        ip: '10.0.0.2',
        deviceNo: 'dev-1',
        userAgent: 'Mozilla/5.0 (X11, Linux)',
        createdAt: new Date('2026-04-01T08:01:00Z'),
      },
    ]);
    const answer = await download('logins', 'page=2&pageSize=1');
    expect(answer.header).toEqual([...adminMemberLoginsExportEndpoint.columns]);
    expect(column(answer, 'result', 'username', 'ip', 'device_no', 'user_agent', 'at')).toEqual([
      [
        'success',
        member.username.toUpperCase(),
        '10.0.0.2',
        'dev-1',
        'Mozilla/5.0 (X11, Linux)',
        '2026-04-01T08:01:00.000Z',
      ],
      ['wrong_password', member.username, '10.0.0.1', '', "'=cmd|calc", '2026-04-01T08:00:00.000Z'],
    ]);
    expect(await lastExport('member_logins')).toMatchObject({
      brandCode: 'jinsheng',
      targetId: String(member.id),
      details: { filter: {}, rows: 2, outcome: 'complete' },
    });
  });
});

describe('history exports: access and input', () => {
  it("answers another brand's member, and a missing one, as missing", async () => {
    const lumen = await createOperator(harness, { role: 'customer_service', brands: ['lumen'] });
    const home = await createOperator(harness, { role: 'customer_service', brands: ['jinsheng'] });
    for (const tab of TABS) {
      const elsewhere = await download(tab, '', { token: lumen.token });
      expect([elsewhere.statusCode, elsewhere.code], tab).toEqual([404, 'member_not_found']);
      const missing = await download(tab, '', { id: '999999999999999' });
      expect([missing.statusCode, missing.code], tab).toEqual([404, 'member_not_found']);
      expect((await download(tab, '', { token: home.token })).statusCode, tab).toBe(200);
    }
  });

  it('needs members.read', async () => {
    const content = await createOperator(harness, { role: 'content' });
    for (const tab of TABS) {
      const refused = await download(tab, '', { token: content.token });
      expect([refused.statusCode, refused.code], tab).toEqual([403, 'forbidden']);
    }
  });

  it('answers bad filters with validation before sending anything, and logs nothing', async () => {
    const before = await lastExport('member_ledger');
    for (const [tab, query] of [
      ['ledger', 'reason=free_money'],
      ['ledger', 'account=bank'],
      ['deposits', 'from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z'],
      ['withdrawals', 'status=lost'],
      ['transfers', 'platform=0'],
      ['bets', 'to=2026-13-01T00:00:00Z'],
      ['rewards', 'kind=cash'],
    ] as const) {
      const answer = await download(tab, query);
      expect([answer.statusCode, answer.code], `${tab}?${query}`).toEqual([400, 'validation']);
    }
    const bad = await download('ledger', '', { id: 'abc' });
    expect([bad.statusCode, bad.code]).toEqual([400, 'validation']);
    expect((await lastExport('member_ledger'))?.id).toBe(before?.id);
  });
});

describe('the OpenAPI document', () => {
  it('describes each new export as CSV, with its permission and the list filters', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/openapi.json' });
    type Operation = {
      'x-permission'?: string;
      parameters?: { name: string; in: string }[];
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    const paths = response.json<{ paths: Record<string, { get: Operation }> }>().paths;
    for (const path of [
      ...TABS.map((tab) => `/admin/api/members/{id}/${tab}/export`),
      '/admin/api/transfers/exceptions/export',
    ]) {
      const operation = paths[path]?.get;
      expect(operation, path).toBeDefined();
      expect(operation!['x-permission'], path).toBe('members.read');
      expect(Object.keys(operation!.responses['200']?.content ?? {}), path).toEqual(['text/csv']);
      const names = (operation!.parameters ?? []).map((parameter) => parameter.name);
      for (const paging of ['page', 'pageSize', 'before', 'limit']) {
        expect(names, path).not.toContain(paging);
      }
    }
    const ledger = paths['/admin/api/members/{id}/ledger/export']!.get.parameters ?? [];
    expect(ledger.map((parameter) => parameter.name).sort()).toEqual(
      ['id', 'account', 'platform', 'reason', 'from', 'to'].sort(),
    );
  });
});
