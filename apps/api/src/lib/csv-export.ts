import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { EXPORT_MAX_ROWS, EXPORT_TRUNCATED_LINE, failureEnvelopeSchema } from '@lobby/contracts';

/**
 * Streamed CSV exports of the back office's lists (the format: packages/contracts
 * exports-admin.ts). To add one to a list:
 *
 * 1. contract: `<list>ExportEndpoint` in packages/contracts with `path: '<list path>/export'`,
 *    `query:` the list's query less paging, and `columns:` the snake_case headers;
 * 2. repository: a keyset batch read, `(filter, after, limit)` in a stable order on a key that
 *    never changes (the id), so rows that change while the export runs are neither skipped nor
 *    repeated; never an offset;
 * 3. service: `exportCsv(operator, query, ip): CsvExport<Row>`: the list's own filter (brands
 *    narrowed with `brandFilter`), `columns: csvColumns(endpoint.columns, {...formatters})`,
 *    `read` calling the batch read with the last row of the previous batch, and `log` writing
 *    the action-log row (`exportLog` of the operator module);
 * 4. route: the list's `config` (permission, brand rule), `schema: { querystring:
 *    endpoint.query, response: csvResponses() }`, handler
 *    `(request, reply) => sendCsvExport(reply, service.exportCsv(...))`.
 *
 * Nothing holds more than one batch (1,000 rows) in memory: the stream reads the next batch only
 * when the client has taken the last one. The action-log row is written when the export ends,
 * however it ends (complete, truncated, the client gone, a failure), with the rows actually
 * sent: only then is the count known. On the normal path it commits before the response's last
 * byte, so an export that was answered in full is always in the log.
 */

/** A cell as a formatter gives it; written as text (null and undefined as an empty cell). */
export type CsvCell = string | number | bigint | boolean | Date | null | undefined;

export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvCell };

/** How an export ended, for its action-log row. */
export type CsvExportResult = {
  /** Data rows sent (the header and the truncation line not counted). */
  rows: number;
  outcome: 'complete' | 'truncated' | 'aborted' | 'failed';
};

export type CsvExport<Row> = {
  /** The list's name (`members`): the file is `<name>-<UTC timestamp>.csv`. */
  name: string;
  columns: readonly CsvColumn<Row>[];
  /**
   * Up to `limit` rows following `after` (the last row of the previous batch; undefined for the
   * first), in the export's stable key order. Fewer than `limit` means the end.
   */
  read: (after: Row | undefined, limit: number) => Promise<readonly Row[]>;
  /** Writes the action-log row once the export has ended. */
  log: (result: CsvExportResult) => Promise<void>;
  /** Rows per read; 1,000 unless a test says otherwise. */
  batchSize?: number;
  /** The most rows sent; EXPORT_MAX_ROWS unless a test says otherwise. */
  maxRows?: number;
};

export const CSV_EXPORT_BATCH_SIZE = 1_000;

/** The columns of a contract's header list, in its order, each with its formatter. */
export function csvColumns<Row, const Header extends string>(
  headers: readonly Header[],
  values: Record<Header, (row: Row) => CsvCell>,
): CsvColumn<Row>[] {
  return headers.map((header) => ({ header, value: values[header] }));
}

/** Response schemas of an export route: CSV, or the failure envelope (documented in OpenAPI). */
export function csvResponses() {
  return {
    200: {
      description:
        'CSV (UTF-8 with a byte order mark, RFC 4180), an attachment; at most ' +
        `${EXPORT_MAX_ROWS} rows, then a last line "${EXPORT_TRUNCATED_LINE}"`,
      content: { 'text/csv': { schema: z.string() } },
    },
    '4xx': failureEnvelopeSchema,
    '5xx': failureEnvelopeSchema,
  };
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as text. A text that a spreadsheet would run as a formula gets a leading apostrophe
 * (OWASP CSV injection); a plain number (a negative amount) stays a number. Instants are ISO
 * 8601 in UTC.
 */
export function csvText(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** RFC 4180 lines (CRLF, quoted where needed) of rows of cells. */
function csvLines(rows: readonly (readonly string[])[]): string {
  return stringify(rows as string[][], {
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    eof: true,
  });
}

/** `20260131T235959Z`: ISO 8601 basic, UTC, safe in a file name on every system. */
function fileTimestamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * Answers an export: reads its first batch (so a failure there is still an ordinary error
 * answer), then streams the header and the rows batch by batch.
 */
export async function sendCsvExport<Row>(
  reply: FastifyReply,
  spec: CsvExport<Row>,
): Promise<FastifyReply> {
  const batchSize = spec.batchSize ?? CSV_EXPORT_BATCH_SIZE;
  const maxRows = spec.maxRows ?? EXPORT_MAX_ROWS;
  const first = await spec.read(undefined, Math.min(batchSize, maxRows + 1));
  const lineOf = (row: Row) => spec.columns.map((column) => csvText(column.value(row)));

  async function* lines(): AsyncGenerator<string> {
    let sent = 0;
    let outcome: CsvExportResult['outcome'] = 'aborted';
    try {
      yield `\uFEFF${csvLines([spec.columns.map((column) => column.header)])}`;
      let batch = first;
      let limit = Math.min(batchSize, maxRows + 1);
      for (;;) {
        const room = maxRows - sent;
        const rows = batch.length > room ? batch.slice(0, room) : batch;
        if (rows.length > 0) yield csvLines(rows.map(lineOf));
        sent += rows.length;
        if (batch.length > room) {
          outcome = 'truncated';
          break;
        }
        if (batch.length < limit) {
          outcome = 'complete';
          break;
        }
        // One more row than fits tells a full export from a truncated one.
        limit = Math.min(batchSize, maxRows - sent + 1);
        batch = await spec.read(batch.at(-1), limit);
      }
      // Logged before the last line, so a full answer means a committed log row.
      await spec.log({ rows: sent, outcome });
      if (outcome === 'truncated') yield csvLines([[EXPORT_TRUNCATED_LINE]]);
      return;
    } catch (error) {
      outcome = 'failed';
      reply.log.error({ err: error, export: spec.name, rows: sent }, 'CSV export failed');
      throw error;
    } finally {
      if (outcome === 'aborted' || outcome === 'failed') {
        // The client left or the stream failed: still on record, with what was sent.
        await spec.log({ rows: sent, outcome }).catch((error: unknown) => {
          reply.log.error({ err: error, export: spec.name }, 'the export was not logged');
        });
      }
    }
  }

  return reply
    .type('text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-disposition',
      `attachment; filename="${spec.name}-${fileTimestamp(new Date())}.csv"`,
    )
    .send(Readable.from(lines(), { objectMode: false }));
}
