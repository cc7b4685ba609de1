import { register as registerLoader } from 'node:module';
import {
  register as registerImportHooks,
  supportsSyncHooks,
} from 'import-in-the-middle/register-hooks.mjs';
import {
  context,
  diag,
  DiagLogLevel,
  isSpanContextValid,
  SpanStatusCode,
  trace,
  type DiagLogger,
} from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  defaultResource,
  detectResources,
  envDetector,
  hostDetector,
  resourceFromAttributes,
  serviceInstanceIdDetector,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { Logger } from 'pino';
import type { TracingConfig } from './tracing-settings.ts';
import { redactUrl } from './lib/logger.ts';

/**
 * OpenTelemetry tracing of an API node (decision 0028). server.ts imports this module, and so the
 * SDK, only when tracing is configured, and before any module of the node: the hooks must be in
 * place when node:http, pg and ioredis load.
 *
 * Spans: the HTTP server (named by the route pattern), every PostgreSQL query and Redis command
 * made while serving a request or running a sweep, every outgoing fetch (the game platforms),
 * which carries the W3C `traceparent` header, and one span per sweep run.
 */
export type Tracing = {
  /** pino's mixin: the ids of the span active when a line is logged. */
  logFields: () => Record<string, string>;
  /** For a Fastify onRequest hook: names the request's span by the route that matched. */
  nameRoute: (request: { routeOptions: { url?: string | undefined } }) => void;
  /** Runs background work (a sweep) in a span of its own, the root of its trace. */
  inSpan: <T>(name: string, work: () => Promise<T>) => Promise<T>;
  /** The SDK's own warnings (an exporter that cannot reach the collector) go to the node's log. */
  reportTo: (log: Logger) => void;
  /** Sends the spans still buffered, within a few seconds, and stops. */
  shutdown: () => Promise<void>;
};

/** Balancer probes and scrapes: many a second, and no story to tell. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
const SHUTDOWN_WAIT_MS = 5_000;

export async function startTracing(config: TracingConfig): Promise<Tracing> {
  // ioredis is imported by ESM code (cache/redis-cache.ts): import-in-the-middle's loader hook
  // lets the instrumentation patch it. Only the modules named here are intercepted; node:http and
  // pg (whose client and pool files pg requires itself) are patched through require. The hook
  // runs in this thread from Node 24.11.1 on, in a loader thread before.
  const include = ['ioredis'];
  if (supportsSyncHooks()) registerImportHooks({ include });
  else registerLoader('import-in-the-middle/hook.mjs', import.meta.url, { data: { include } });

  const exporter = await createExporter(config.protocol);
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': config.serviceName }))
    .merge(detectResources({ detectors: [hostDetector, serviceInstanceIdDetector, envDetector] }));
  // The sampler comes from OTEL_TRACES_SAMPLER (parent-based, always on by default), the batch
  // sizes and delays from OTEL_BSP_*.
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register();

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) =>
          UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
        // Query strings lose their secrets as they do in the logs.
        startIncomingSpanHook: (request) => {
          const url = request.url ?? '';
          const query = url.indexOf('?');
          return query === -1 ? {} : { 'url.query': redactUrl(url).slice(query + 1) };
        },
      }),
      new UndiciInstrumentation(),
      // Queries and commands outside a request or a sweep (the scheduler's ticks, presence,
      // pub/sub) would each be a trace of one span.
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({
        requireParentSpan: true,
        dbStatementSerializer: redisStatement,
      }),
    ],
  });

  const tracer = trace.getTracer('lobby-api');
  return {
    // A new object each time: pino assigns the line's own fields into it.
    logFields: (): Record<string, string> => {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const ids = span.spanContext();
      if (!isSpanContextValid(ids)) return {};
      return {
        trace_id: ids.traceId,
        span_id: ids.spanId,
        trace_flags: `0${ids.traceFlags.toString(16)}`,
      };
    },
    nameRoute: (request) => {
      const metadata = getRPCMetadata(context.active());
      const route = request.routeOptions.url;
      if (metadata?.type === RPCType.HTTP && route !== undefined) metadata.route = route;
    },
    inSpan: (name, work) =>
      tracer.startActiveSpan(name, { root: true }, async (span) => {
        try {
          return await work();
        } catch (error) {
          span.recordException(error instanceof Error ? error : String(error));
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      }),
    reportTo: (log) => {
      diag.setLogger(diagnostics(log), DiagLogLevel.WARN);
    },
    shutdown: async () => {
      await Promise.race([
        provider.shutdown(),
        new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS).unref()),
      ]);
    },
  };
}

async function createExporter(protocol: TracingConfig['protocol']): Promise<SpanExporter> {
  // The exporter reads its endpoint, headers, timeout and compression from OTEL_EXPORTER_OTLP_*.
  if (protocol === 'http/json') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter();
  }
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter();
}

/**
 * A Redis command as a span shows it: the command and the kind of key, never the rest of the key
 * (an e-mail address or a phone number, a member id, a client address) nor a value.
 */
export function redisStatement(command: string, args: ReadonlyArray<unknown>): string {
  const key = args[0];
  if (typeof key !== 'string' || /^(eval|fcall|script)/i.test(command)) return command;
  // `lobby:captcha:<id>` shows as `lobby:captcha:*`: at most the first two parts, never the last.
  const parts = key.split(':');
  return `${command} ${[...parts.slice(0, Math.min(2, parts.length - 1)), '*'].join(':')}`;
}

function diagnostics(log: Logger): DiagLogger {
  const child = log.child({ component: 'opentelemetry' });
  const write =
    (level: 'error' | 'warn') =>
    (message: string, ...args: unknown[]) =>
      child[level]({ details: args.length > 0 ? args.map(String) : undefined }, message);
  const ignore = () => undefined;
  return {
    error: write('error'),
    warn: write('warn'),
    info: ignore,
    debug: ignore,
    verbose: ignore,
  };
}
