import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTransferExceptionsExportEndpoint } from '@lobby/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { parseCsv } from '../../../test/csv.ts';
import { operatorCall, operatorLogin } from '../../../test/operators.ts';
import { members } from '../../identity/member/member.schema.ts';
import { operatorActions, operators } from '../../identity/operator/operator.schema.ts';
import { OperatorService } from '../../identity/operator/operator.service.ts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import { LedgerService } from '../../money/ledger/ledger.service.ts';
import { gameTransferQueries, gameTransfers } from './transfer.schema.ts';

/**
 * The transfer exceptions as CSV: the list's filter and brands, oldest first, amounts as
 * decimals, the last status query and a pending resolution; `members.read`; the action log.
 */
let harness: TestApp;
let admin: string;
let adminName: string;
let adminId: bigint;
const CURRENCY = 'CNY';
const home = { username: '', id: 0n };
const elsewhere = { username: '', id: 0n };
const ids: { old: string; older: string; recent: string; lumen: string } = {
  old: '',
  older: '',
  recent: '',
  lumen: '',
};

async function member(brandCode: string): Promise<{ username: string; id: bigint }> {
  const username = `tx${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const [row] = await harness.database.db
    .insert(members)
    .values({
      brandCode,
      username,
      usernameKey: username,
      passwordHash: 'x',
      inviteCode: randomUUID().slice(0, 8),
    })
    .returning({ id: members.id });
  return { username, id: row!.id };
}

/**
 * A transfer into a platform left in transit, its money really reserved (the ledger's checks in
 * other test files read the in-transit accounts against the transfers).
 */
async function inTransit(
  brandCode: string,
  memberId: bigint,
  platformId: number,
  amountMinor: bigint,
  minutesAgo: number,
): Promise<string> {
  const ledger = new LedgerService(harness.database.db);
  const orderNo = `TX${randomUUID().replaceAll('-', '').slice(0, 18).toUpperCase()}`;
  await ledger.post({
    brandCode,
    reason: 'deposit',
    idempotencyKey: `fund:${orderNo}`,
    actor: { type: 'system', id: 'test' },
    lines: [
      {
        account: { kind: 'house_deposit_clearing', currency: CURRENCY },
        amountMinor: -amountMinor,
      },
      { account: { kind: 'member_wallet', memberId, currency: CURRENCY }, amountMinor },
    ],
  });
  let id = '';
  await ledger.post(
    {
      brandCode,
      reason: 'game_transfer_in_reserve',
      idempotencyKey: `transfer:${orderNo}:reserve`,
      actor: { type: 'member', id: String(memberId) },
      memo: orderNo,
      lines: [
        {
          account: { kind: 'member_wallet', memberId, currency: CURRENCY },
          amountMinor: -amountMinor,
        },
        {
          account: { kind: 'house_in_transit', ref: String(platformId), currency: CURRENCY },
          amountMinor,
        },
      ],
    },
    async (transaction, entryId) => {
      const [row] = await transaction
        .insert(gameTransfers)
        .values({
          orderNo,
          brandCode,
          memberId,
          platformId,
          direction: 'in',
          currency: CURRENCY,
          amountMinor,
          status: 'in_transit',
          idempotencyKey: randomUUID(),
          requestHash: 'x',
          checkAttempts: 3,
          lastError: 'timeout',
          nextCheckAt: new Date(Date.now() + 3_600_000),
          reserveEntryId: entryId,
          createdAt: new Date(Date.now() - minutesAgo * 60_000),
        })
        .returning({ id: gameTransfers.id });
      id = String(row!.id);
    },
  );
  return id;
}

async function download(query: string, token = admin) {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/admin/api/transfers/exceptions/export?${query}`,
    headers: { authorization: `Bearer ${token}`, lang: 'en' },
  });
  const csv = response.headers['content-type']?.toString().startsWith('text/csv') ?? false;
  const { header, rows } = csv ? parseCsv(response.body) : { header: [], rows: [] };
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    code: csv ? undefined : response.json<{ data: unknown }>().data,
    header,
    rows,
  };
}

async function lastExport() {
  const [row] = await harness.database.db
    .select()
    .from(operatorActions)
    .where(
      and(
        eq(operatorActions.action, 'export'),
        eq(operatorActions.targetType, 'transfer_exceptions'),
        eq(operatorActions.operatorId, adminId),
      ),
    )
    .orderBy(desc(operatorActions.id))
    .limit(1);
  return row;
}

beforeAll(async () => {
  harness = await createTestApp();
  adminName = `tx${randomUUID().slice(0, 8)}`;
  await new OperatorService(harness.database.db).seedAdmin(adminName, 'operator-pass-1');
  admin = await operatorLogin(harness.app, { username: adminName, password: 'operator-pass-1' });
  const [me] = await harness.database.db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.username, adminName));
  adminId = me!.id;
  Object.assign(home, await member('jinsheng'));
  Object.assign(elsewhere, await member('lumen'));
  // Made in this order: the export is by id, the oldest stuck first.
  ids.old = await inTransit('jinsheng', home.id, 1, 12_345n, 30);
  ids.older = await inTransit('jinsheng', home.id, 9, 50_000n, 60);
  // In transit but still inside the status-query window: not an exception.
  ids.recent = await inTransit('jinsheng', home.id, 3, 1_000n, 0);
  ids.lumen = await inTransit('lumen', elsewhere.id, 1, 2_000n, 30);
  await harness.database.db.insert(gameTransferQueries).values({
    transferId: BigInt(ids.old),
    askedAt: new Date('2026-05-01T10:00:00Z'),
    source: 'sweep',
    answer: 'error',
    detail: 'server_error',
    latencyMs: 120,
  });
  const requested = await operatorCall(
    harness.app,
    'POST',
    `/admin/api/transfers/${ids.older}/resolve`,
    admin,
    { outcome: 'failed', evidence: 'provider ticket 4711: never arrived' },
  );
  expect(requested.body.status).toBe(true);
}, 60_000);
afterAll(async () => {
  await harness.close();
});

describe('transfer exceptions export', () => {
  it('answers the filtered exceptions oldest first by id, with decimals and the last query', async () => {
    const answer = await download(`brand=jinsheng&member=${home.username.toUpperCase()}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="transfer-exceptions-\d{8}T\d{6}Z\.csv"$/,
    );
    expect(answer.header).toEqual([...adminTransferExceptionsExportEndpoint.columns]);
    expect(answer.rows.map((row) => row.id)).toEqual([ids.old, ids.older]);
    expect(answer.rows[0]).toMatchObject({
      brand: 'jinsheng',
      member_id: String(home.id),
      username: home.username,
      platform_id: '1',
      platform_name: 'Huasheng Sports',
      direction: 'in',
      amount: '123.45',
      currency: 'CNY',
      status: 'in_transit',
      attempts: '3',
      queries: '1',
      last_error: 'timeout',
      last_query_at: '2026-05-01T10:00:00.000Z',
      last_query_source: 'sweep',
      last_query_answer: 'error',
      last_query_status: '',
      last_query_detail: 'server_error',
      pending_resolution: '',
    });
    expect(answer.rows[1]).toMatchObject({
      amount: '500.00',
      queries: '0',
      pending_resolution: 'failed',
      resolution_requested_by: adminName,
    });
    const logged = await lastExport();
    expect(logged).toMatchObject({
      brandCode: 'jinsheng',
      details: {
        filter: { brand: 'jinsheng', member: home.username.toUpperCase() },
        rows: 2,
        outcome: 'complete',
      },
    });
  });

  it('applies the rest of the filter', async () => {
    const base = `member=${home.username}`;
    const live = await download(`${base}&platform=9`);
    expect(live.rows.map((row) => row.id)).toEqual([ids.older]);
    expect((await download(`${base}&direction=out`)).rows).toEqual([]);
    const older = await download(`${base}&minAgeMinutes=45`);
    expect(older.rows.map((row) => row.id)).toEqual([ids.older]);
    expect((await lastExport())?.details).toMatchObject({
      filter: { member: home.username, minAgeMinutes: 45 },
      rows: 1,
    });
    const bad = await download(`${base}&minAgeMinutes=-1`);
    expect([bad.statusCode, bad.code]).toEqual([400, 'validation']);
  });

  it("keeps an operator to the list's brands and permission", async () => {
    const lumen = await createOperator(harness, { role: 'customer_service', brands: ['lumen'] });
    const other = await download('brand=jinsheng', lumen.token);
    expect([other.statusCode, other.code]).toEqual([403, 'forbidden']);
    const own = await download(`member=${home.username}`, lumen.token);
    expect(own.rows).toEqual([]);
    const theirs = await download(`member=${elsewhere.username}`, lumen.token);
    expect(theirs.rows.map((row) => row.id)).toEqual([ids.lumen]);
    const content = await createOperator(harness, { role: 'content' });
    const refused = await download(`member=${home.username}`, content.token);
    expect([refused.statusCode, refused.code]).toEqual([403, 'forbidden']);
  });
});
