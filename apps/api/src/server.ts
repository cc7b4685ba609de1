import { loadTracingConfig } from './tracing-settings.ts';

/**
 * The process entry of an API node. With tracing configured (decision 0028) the OpenTelemetry SDK
 * starts first, before any module of the node loads, so that its hooks see node:http, pg and
 * ioredis load; without it no part of the SDK is loaded. Then the node starts (node.ts). Nothing
 * else is imported before: config.ts itself reaches the database layer, and so pg.
 */
const tracingConfig = loadTracingConfig();
const tracing = tracingConfig
  ? await (await import('./tracing.ts')).startTracing(tracingConfig)
  : undefined;
const { loadConfig } = await import('./config.ts');
const { startNode } = await import('./node.ts');
await startNode(loadConfig(), tracing);
