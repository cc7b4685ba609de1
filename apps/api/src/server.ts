import { loadConfig } from './config.ts';

/**
 * The process entry of an API node. With tracing configured (decision 0028) the OpenTelemetry SDK
 * starts first, before any module of the node loads, so that its hooks see node:http, pg and
 * ioredis load; without it no part of the SDK is loaded. Then the node starts (node.ts).
 */
const config = loadConfig();
const tracing = config.tracing
  ? await (await import('./tracing.ts')).startTracing(config.tracing)
  : undefined;
const { startNode } = await import('./node.ts');
await startNode(config, tracing);
