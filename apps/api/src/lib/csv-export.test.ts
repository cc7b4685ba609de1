import { request as httpRequest } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { EXPORT_TRUNCATED_LINE } from '@lobby/contracts';
import {
  csvColumns,
  csvText,
  sendCsvExport,
  type CsvExport,
  type CsvExportResult,
} from './csv-export.ts';

/** The CSV export helper on a bare Fastify app: format, batches, the cap, and its log. */
type Row = { id: number; name: string | null; amount: string; at: Date; ok: boolean };

const BOM = '\uFEFF';
let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

function rowsOf(count: number): Row[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `n${index + 1}`,
    amount: '1.00',
    at: new Date(Date.UTC(2026, 0, 1, 8)),
    ok: true,
  }));
}

/** An app whose one route exports `data` with `options`; `reads` and `logs` record the calls. */
async function exporter(
  data: Row[],
  options: Partial<CsvExport<Row>> = {},
): Promise<{ reads: { after: number | undefined; limit: number }[]; logs: CsvExportResult[] }> {
  const reads: { after: number | undefined; limit: number }[] = [];
  const logs: CsvExportResult[] = [];
  app = Fastify();
  app.get('/export', async (_request, reply) =>
    sendCsvExport(reply, {
      name: 'things',
      columns: csvColumns<Row, 'id' | 'name' | 'amount' | 'at' | 'ok'>(
        ['id', 'name', 'amount', 'at', 'ok'],
        {
          id: (row) => row.id,
          name: (row) => row.name,
          amount: (row) => row.amount,
          at: (row) => row.at,
          ok: (row) => row.ok,
        },
      ),
      read: async (after, limit) => {
        reads.push({ after: after?.id, limit });
        const start = after ? data.findIndex((row) => row.id === after.id) + 1 : 0;
        return data.slice(start, start + limit);
      },
      log: async (result) => {
        logs.push(result);
      },
      ...options,
    }),
  );
  await app.ready();
  return { reads, logs };
}

const lines = (body: string) => body.replace(BOM, '').split('\r\n').slice(0, -1);

describe('csvText', () => {
  it('neutralises formulas but keeps numbers, and writes instants in UTC', () => {
    expect(csvText('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`);
    expect(csvText('+86 139')).toBe(`'+86 139`);
    expect(csvText('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvText('-1+1')).toBe(`'-1+1`);
    expect(csvText('\tcmd')).toBe(`'\tcmd`);
    expect(csvText('\rcmd')).toBe(`'\rcmd`);
    expect(csvText('-120.50')).toBe('-120.50');
    expect(csvText('张三')).toBe('张三');
    expect(csvText(null)).toBe('');
    expect(csvText(undefined)).toBe('');
    expect(csvText(12n)).toBe('12');
    expect(csvText(false)).toBe('false');
    expect(csvText(new Date('2026-03-01T08:00:00+08:00'))).toBe('2026-03-01T00:00:00.000Z');
  });
});

describe('sendCsvExport', () => {
  it('answers a UTF-8 CSV attachment with a BOM, the header, RFC 4180 quoting and CRLF', async () => {
    const data: Row[] = [
      { id: 1, name: 'a, "b"\nc', amount: '-5.25', at: new Date(0), ok: false },
      { id: 2, name: '=1+2', amount: '0.00', at: new Date('2026-01-01T00:00:00Z'), ok: true },
      { id: 3, name: null, amount: '12.00', at: new Date('2026-01-01T00:00:00Z'), ok: true },
    ];
    const { logs } = await exporter(data);
    const response = await app!.inject({ method: 'GET', url: '/export' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="things-\d{8}T\d{6}Z\.csv"$/,
    );
    expect(response.body.startsWith(BOM)).toBe(true);
    expect(response.body).toBe(
      `${BOM}id,name,amount,at,ok\r\n` +
        `1,"a, ""b""\nc",-5.25,1970-01-01T00:00:00.000Z,false\r\n` +
        `2,'=1+2,0.00,2026-01-01T00:00:00.000Z,true\r\n` +
        `3,,12.00,2026-01-01T00:00:00.000Z,true\r\n`,
    );
    expect(logs).toEqual([{ rows: 3, outcome: 'complete' }]);
  });

  it('reads keyset batches after the last row and sends every row once', async () => {
    const { reads, logs } = await exporter(rowsOf(2_500));
    const response = await app!.inject({ method: 'GET', url: '/export' });
    const ids = lines(response.body)
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    expect(ids).toEqual(rowsOf(2_500).map((row) => row.id));
    expect(reads).toEqual([
      { after: undefined, limit: 1_000 },
      { after: 1_000, limit: 1_000 },
      { after: 2_000, limit: 1_000 },
    ]);
    expect(logs).toEqual([{ rows: 2_500, outcome: 'complete' }]);
  });

  it('stops at the cap with a last line saying so, and not when the rows just fit', async () => {
    const { logs } = await exporter(rowsOf(12), { batchSize: 4, maxRows: 10 });
    const cut = lines((await app!.inject({ method: 'GET', url: '/export' })).body);
    expect(cut).toHaveLength(1 + 10 + 1);
    expect(cut.at(-2)?.startsWith('10,')).toBe(true);
    expect(cut.at(-1)).toBe(EXPORT_TRUNCATED_LINE);
    expect(logs).toEqual([{ rows: 10, outcome: 'truncated' }]);
    await app!.close();

    const exact = await exporter(rowsOf(10), { batchSize: 4, maxRows: 10 });
    const whole = lines((await app!.inject({ method: 'GET', url: '/export' })).body);
    expect(whole).toHaveLength(1 + 10);
    expect(whole).not.toContain(EXPORT_TRUNCATED_LINE);
    expect(exact.logs).toEqual([{ rows: 10, outcome: 'complete' }]);
  });

  it('answers a failing first read as an error, and logs a failure after rows were sent', async () => {
    const first = await exporter([], {
      read: async () => {
        throw new Error('database down');
      },
    });
    expect((await app!.inject({ method: 'GET', url: '/export' })).statusCode).toBe(500);
    expect(first.logs).toEqual([]);
    await app!.close();

    let calls = 0;
    const later = await exporter([], {
      batchSize: 2,
      read: async () => {
        calls += 1;
        if (calls > 1) throw new Error('database down');
        return rowsOf(2);
      },
    });
    await app!.inject({ method: 'GET', url: '/export' }).catch(() => undefined);
    await expect.poll(() => later.logs).toEqual([{ rows: 2, outcome: 'failed' }]);
  });

  it('logs an export the client left half way, with the rows sent', async () => {
    let serverSawClose!: () => void;
    const gone = new Promise<void>((resolve) => (serverSawClose = resolve));
    const data = rowsOf(4);
    const { logs } = await exporter([], {
      batchSize: 2,
      // The second batch is read once the server has seen the client leave.
      read: async (after) => {
        if (after) await gone;
        const start = after ? after.id : 0;
        return data.slice(start, start + 2);
      },
    });
    const address = await app!.listen({ port: 0, host: '127.0.0.1' });
    app!.server.on('connection', (socket) => socket.on('close', serverSawClose));
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(`${address}/export`, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', () => undefined);
      request.once('error', reject);
      request.end();
    });
    await expect.poll(() => logs).toEqual([{ rows: 2, outcome: 'aborted' }]);
  });
});
