import { spawn, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, SETTING_NAMES } from './config.ts';
import { loadTracingConfig } from './tracing-settings.ts';
import { redisStatement } from './tracing.ts';

/**
 * Tracing as a deploy turns it on (decision 0028): server.ts in a node process with the standard
 * OTel variables, exporting OTLP/HTTP (JSON) to a receiver in this test, its game platform a fake
 * that records the headers it is sent. A member registers and enters a game; then the spans must
 * show the request by its route, its queries (PostgreSQL run), its Redis commands (when Redis is
 * configured) and the call to the platform, whose `traceparent` names the same trace the log
 * lines carry. Without the variables no module of the OpenTelemetry SDK is even loaded (so
 * nothing can be sent), no call carries a traceparent and no line has a trace id.
 */

const SERVER = join(import.meta.dirname, 'server.ts');
/**
 * Loaded with --import by the node without tracing: reports every OpenTelemetry module it loads,
 * and that it sees pino load (so that it is known to see what the node loads).
 */
const MODULE_WATCH = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from 'node:module';
let pino = false;
registerHooks({
  load(url, context, next) {
    if (/@opentelemetry\\/(?!api\\/)|in-the-middle/.test(url)) process.stderr.write('otel-module ' + url + '\\n');
    if (!pino && url.includes('/node_modules/pino/')) {
      pino = true;
      process.stderr.write('watch sees pino\\n');
    }
    return next(url, context);
  },
});`)}`;
const onPostgres = Boolean(process.env.DATABASE_URL);
const onRedis = Boolean(process.env.REDIS_URL);

type Span = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
};
const SERVER_KIND = 2;
const CLIENT_KIND = 3;

type KeyValue = { key: string; value: Record<string, unknown> };
const attributesOf = (list: KeyValue[] | undefined) =>
  Object.fromEntries((list ?? []).map(({ key, value }) => [key, Object.values(value)[0]]));

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An OTLP/HTTP receiver (JSON encoding): the spans it was sent. */
async function startReceiver() {
  const spans: Span[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: {
            resource?: { attributes?: KeyValue[] };
            scopeSpans: {
              spans: (Omit<Span, 'attributes' | 'resource'> & { attributes?: KeyValue[] })[];
            }[];
          }[];
        };
        for (const resourceSpans of body.resourceSpans) {
          const resource = attributesOf(resourceSpans.resource?.attributes);
          for (const scope of resourceSpans.scopeSpans) {
            for (const span of scope.spans) {
              spans.push({ ...span, attributes: attributesOf(span.attributes), resource });
            }
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const url = await listen(server);
  return { url, spans, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A game platform that answers every call 503 (the platform's state is not the point here). */
async function startPlatform() {
  const calls: { path: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((request, response) => {
    calls.push({ path: request.url ?? '', headers: request.headers });
    request.resume();
    request.on('end', () => {
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"busy"}');
    });
  });
  const url = await listen(server);
  return { url, calls, close: () => new Promise((resolve) => server.close(resolve)) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as AddressInfo).port;
      probe.close(() => resolve(port));
    });
  });
}

type Node = {
  origin: string;
  /** Every JSON line of its stdout. */
  logs: () => Record<string, unknown>[];
  stderr: () => string;
  /** SIGTERM, and the exit code once it exited (the spans buffered are sent before). */
  stop: () => Promise<number | null>;
};

/** server.ts as a deploy runs it, with these settings; resolves once it listens. */
async function startNode(settings: Record<string, string>, nodeOptions: string[] = []) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('OTEL_')) delete env[name];
  delete env.DATABASE_SESSION_URL;
  let stdout = '';
  let stderr = '';
  const child: ChildProcess = spawn(process.execPath, [...nodeOptions, SERVER], {
    env: {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: '1',
      LOG_LEVEL: 'info',
      CAPTCHA_TEST_CODE: 'test',
      RATE_LIMIT_MULTIPLIER: '100',
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (stdout.includes('Lobby is up')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`the node exited with ${code}: ${stderr}`)));
  });
  const node: Node = {
    origin: `http://127.0.0.1:${port}`,
    logs: () =>
      stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  return node;
}

type Envelope<T> = { status: boolean; data: T; message?: string };

async function call<T>(
  node: Node,
  path: string,
  fields?: Record<string, string>,
  token?: string,
): Promise<{ body: Envelope<T>; headers: Headers }> {
  const response = await fetch(`${node.origin}${path}`, {
    method: fields === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      ...(fields === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      ...(token ? { t: token } : {}),
    },
    body: fields === undefined ? null : new URLSearchParams(fields).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  return { body: (await response.json()) as Envelope<T>, headers: response.headers };
}

/**
 * A member registers (captcha, RSA-encrypted password) and enters the first game of the list:
 * the API asks the platform for the member's player account. The launch's request id.
 */
async function registerAndLaunch(node: Node): Promise<string> {
  const { body: info } = await call<{ publicKey: string }>(node, '/api/f/v1/member/preInfo');
  const encrypt = (text: string) =>
    publicEncrypt(
      { key: info.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(text),
    ).toString('base64');
  const { body: captcha } = await call<{ key: string }>(node, '/api/f/v1/captcha');
  const registered = await call(node, '/api/f/v1/member/register', {
    username: `tr${randomUUID().replaceAll('-', '').slice(0, 10)}`,
    password: encrypt('tracing1234'),
    confirmPassword: encrypt('tracing1234'),
    key: captcha.data.key,
    code: 'test',
  });
  const token = registered.headers.get('id');
  expect(registered.body.status, JSON.stringify(registered.body)).toBe(true);
  const { body: list } = await call<{ id: number; games: { code: string }[] }[]>(
    node,
    '/api/findmed/v1/game/list',
    undefined,
    token ?? undefined,
  );
  const platform = list.data.find((entry) => entry.games.length > 0);
  if (!platform?.games[0]) throw new Error('no game listed');
  const launched = await call(
    node,
    '/api/game/launch',
    { platform: String(platform.id), gameCode: platform.games[0].code },
    token ?? undefined,
  );
  // The platform answered 503: the launch fails, after the call this test is about.
  expect(launched.body.status).toBe(false);
  const requestId = launched.headers.get('x-request-id');
  if (!requestId) throw new Error('no request id');
  return requestId;
}

describe('the settings that turn tracing on', () => {
  it('leave it off unless an OTLP endpoint or exporter is named, and off when disabled', () => {
    expect(loadTracingConfig({})).toBeUndefined();
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(loadTracingConfig(endpoint)).toEqual({
      serviceName: 'lobby-api',
      protocol: 'http/protobuf',
    });
    expect(
      loadTracingConfig({
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'lobby-eu',
      }),
    ).toEqual({ serviceName: 'lobby-eu', protocol: 'http/json' });
    expect(loadTracingConfig({ OTEL_TRACES_EXPORTER: 'otlp' })).toBeDefined();
    expect(loadTracingConfig({ ...endpoint, OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBeUndefined();
    expect(loadTracingConfig({ ...endpoint, OTEL_SDK_DISABLED: 'TRUE' })).toBeUndefined();
    expect(loadTracingConfig({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
    // What this build cannot do is refused at start rather than silently dropped, by both.
    for (const wrong of [
      { OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' },
      { OTEL_TRACES_EXPORTER: 'zipkin' },
      { OTEL_TRACES_SAMPLER: 'xray' },
    ]) {
      expect(() => loadTracingConfig({ ...endpoint, ...wrong })).toThrow();
      expect(() => loadConfig({ ...endpoint, ...wrong })).toThrow();
    }
    // The deploy files may set them (scripts/deploy-files.test.ts).
    expect(SETTING_NAMES).toEqual(
      expect.arrayContaining(['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_SERVICE_NAME']),
    );
  });

  it('show a Redis command with the kind of its key only', () => {
    expect(redisStatement('set', ['lobby:captcha:4f3a9', 'abcd', 'PX', 60_000])).toBe(
      'set lobby:captcha:*',
    );
    expect(redisStatement('get', ['lobby:verify:code:tianyu:register:+8613812345678'])).toBe(
      'get lobby:verify:*',
    );
    expect(redisStatement('get', ['lobby:token'])).toBe('get lobby:*');
    expect(redisStatement('evalsha', ['f00d', '1', 'lobby:rl:1.2.3.4'])).toBe('evalsha');
    expect(redisStatement('ping', [])).toBe('ping');
  });
});

/** The platform and the node of one run, after a member registered and entered a game. */
type Run = {
  platform: Awaited<ReturnType<typeof startPlatform>>;
  node: Node;
  requestId: string;
  exitCode: number | null;
};

/** Starts the node with these settings, registers and launches, then stops it with SIGTERM. */
async function run(
  settings: (platformUrl: string) => Record<string, string>,
  nodeOptions: string[] = [],
): Promise<Run> {
  const platform = await startPlatform();
  cleanups.push(() => platform.close());
  const dataDir = await mkdtemp(join(tmpdir(), 'lobby-tracing-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const node = await startNode({ DATA_DIR: dataDir, ...settings(platform.url) }, nodeOptions);
  cleanups.push(async () => void (await node.stop()));
  const requestId = await registerAndLaunch(node);
  // A probe: never a span.
  await fetch(`${node.origin}/readyz`).then((response) => response.arrayBuffer());
  // SIGTERM: the node sends the spans it holds before it exits.
  return { platform, node, requestId, exitCode: await node.stop() };
}

const cleanups: (() => Promise<unknown>)[] = [];
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let traced: Run;
let untraced: Run | undefined;
/** PostgreSQL: a database of its own, so the node's sweeps never touch the other tests' data. */
const serverUrl = process.env.DATABASE_URL;
const databaseName = `lobby_tracing_${Date.now()}_${randomUUID().slice(0, 8)}`;

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// Both nodes at once: each takes seconds to start (migrations, demo data).
beforeAll(async () => {
  receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  const database: Record<string, string> = {};
  if (serverUrl) {
    await onServer(`create database ${databaseName}`);
    cleanups.push(() => onServer(`drop database if exists ${databaseName} with (force)`));
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    database.DATABASE_URL = url.toString();
  }
  [traced, untraced] = await Promise.all([
    run((platformUrl) => ({
      ...database,
      GAME_PROVIDER_URL: platformUrl,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    })),
    // Once, on the embedded database: the PostgreSQL run need not repeat it.
    onPostgres
      ? undefined
      : run((platformUrl) => ({ GAME_PROVIDER_URL: platformUrl }), ['--import', MODULE_WATCH]),
  ]);
}, 90_000);
afterAll(async () => {
  // Last in, first out: nodes before their platforms and databases.
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe(`an API node with tracing on (${onPostgres ? 'PostgreSQL' : 'embedded'}${onRedis ? ', Redis' : ''})`, () => {
  const launchSpan = () => {
    const found = receiver.spans.find(
      (span) => span.kind === SERVER_KIND && span.attributes['http.route'] === '/api/game/launch',
    );
    if (!found)
      throw new Error(`no launch span in ${receiver.spans.map((span) => span.name).join(', ')}`);
    return found;
  };
  const inTrace = (span: Span) => receiver.spans.filter((other) => other.traceId === span.traceId);

  it('exports the request as a server span named by its route, under the service name', () => {
    expect(traced.exitCode).toBe(0);
    const launch = launchSpan();
    expect(launch.name).toBe('POST /api/game/launch');
    expect(launch.resource['service.name']).toBe('lobby-api');
    expect(launch.attributes['http.response.status_code']).toBeGreaterThanOrEqual(400);
    // Probes are not traced.
    expect(receiver.spans.filter((span) => span.attributes['url.path'] === '/readyz')).toEqual([]);
  });

  it("sends the trace to the game platform in traceparent, from the launch's client span", () => {
    const launch = launchSpan();
    const clients = inTrace(launch).filter(
      (span) =>
        span.kind === CLIENT_KIND &&
        String(span.attributes['url.full']).startsWith(traced.platform.url),
    );
    expect(clients.length).toBeGreaterThan(0);
    const sent = traced.platform.calls.map((entry) => entry.headers.traceparent);
    for (const client of clients) {
      expect(sent).toContain(`00-${client.traceId}-${client.spanId}-01`);
    }
  });

  it('puts the trace id and span id on the log lines of the request', () => {
    const launch = launchSpan();
    const lines = traced.node.logs().filter((line) => line.reqId === traced.requestId);
    // Fastify's "incoming request" and "request completed" at least.
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      expect(line).toMatchObject({ trace_id: launch.traceId, trace_flags: '01' });
      expect(line.span_id).toMatch(/^[0-9a-f]{16}$/);
    }
    // The start-up lines belong to no request, and carry none.
    const up = traced.node.logs().find((line) => String(line.msg).startsWith('Lobby is up'));
    expect(up).toBeDefined();
    expect(up).not.toHaveProperty('trace_id');
  });

  it.runIf(onPostgres)('exports the PostgreSQL queries of the request in its trace', () => {
    const queries = inTrace(launchSpan()).filter(
      (span) =>
        span.attributes['db.system.name'] === 'postgresql' ||
        span.attributes['db.system'] === 'postgresql',
    );
    expect(queries.length).toBeGreaterThan(0);
  });

  it.runIf(onRedis)('exports the Redis commands of requests, keys shown by their kind only', () => {
    const commands = receiver.spans.filter(
      (span) =>
        span.attributes['db.system.name'] === 'redis' || span.attributes['db.system'] === 'redis',
    );
    expect(commands.length).toBeGreaterThan(0);
    const statements = commands.map((span) =>
      String(span.attributes['db.query.text'] ?? span.attributes['db.statement']),
    );
    expect(statements).toContain('set lobby:captcha:*');
  });
});

describe.runIf(!onPostgres)('an API node without tracing settings', () => {
  it('loads no module of the OpenTelemetry SDK, sends no traceparent, logs no trace id', () => {
    if (!untraced) throw new Error('no untraced run');
    expect(untraced.exitCode).toBe(0);
    // The OpenTelemetry API alone (a no-op without an SDK) is loaded by prom-client.
    expect(untraced.node.stderr()).toContain('watch sees pino');
    expect(untraced.node.stderr()).not.toContain('otel-module');
    expect(untraced.platform.calls.length).toBeGreaterThan(0);
    for (const entry of untraced.platform.calls) {
      expect(entry.headers).not.toHaveProperty('traceparent');
    }
    const lines = untraced.node.logs();
    expect(lines.filter((line) => line.reqId === untraced?.requestId).length).toBeGreaterThan(1);
    expect(lines.filter((line) => 'trace_id' in line || 'span_id' in line)).toEqual([]);
  });
});
