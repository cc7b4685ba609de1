import { z } from 'zod';

/**
 * The tracing settings (decision 0028), under the standard OpenTelemetry names: off unless an
 * OTLP endpoint is given (or OTEL_TRACES_EXPORTER=otlp, which sends to localhost:4318). A module
 * of its own, importing zod alone: server.ts reads it before anything of the node loads (config.ts
 * reaches the database layer), and config.ts checks the same variables with the other settings.
 */

/** The OTLP encodings the trace exporter speaks (gRPC is not installed). */
const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;

export const tracingEnvironment = {
  OTEL_SDK_DISABLED: z.string().optional(),
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'none']).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().url().optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(OTLP_PROTOCOLS).optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: z.enum(OTLP_PROTOCOLS).optional(),
  /** `key=value,...`: e.g. the collector's API key (read by the exporter). */
  OTEL_EXPORTER_OTLP_HEADERS: z.string().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('lobby-api'),
  /** `key=value,...` added to every span's resource, e.g. `deployment.environment.name=prod`. */
  OTEL_RESOURCE_ATTRIBUTES: z.string().optional(),
  /** Which traces are kept (read by the SDK): parentbased_always_on unless set. */
  OTEL_TRACES_SAMPLER: z
    .enum([
      'always_on',
      'always_off',
      'traceidratio',
      'parentbased_always_on',
      'parentbased_always_off',
      'parentbased_traceidratio',
    ])
    .optional(),
  /** The ratio of the traceidratio samplers, 0 to 1. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
};

const tracingSchema = z.object(tracingEnvironment);

/**
 * What starting tracing needs. The SDK reads the rest of the standard variables itself
 * (endpoints, headers, sampler, batch sizes, resource attributes).
 */
export type TracingConfig = {
  serviceName: string;
  protocol: (typeof OTLP_PROTOCOLS)[number];
};

/** Undefined: tracing is off, and no part of the OpenTelemetry SDK is to be loaded. */
export function tracingConfig(parsed: z.infer<typeof tracingSchema>): TracingConfig | undefined {
  if (parsed.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  if (parsed.OTEL_TRACES_EXPORTER === 'none') return undefined;
  const configured =
    parsed.OTEL_TRACES_EXPORTER === 'otlp' ||
    parsed.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined ||
    parsed.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined;
  if (!configured) return undefined;
  return {
    serviceName: parsed.OTEL_SERVICE_NAME,
    protocol:
      parsed.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ??
      parsed.OTEL_EXPORTER_OTLP_PROTOCOL ??
      'http/protobuf',
  };
}

/** The tracing settings of an environment (empty values count as unset, as in config.ts). */
export function loadTracingConfig(
  environment: NodeJS.ProcessEnv = process.env,
): TracingConfig | undefined {
  return tracingConfig(
    tracingSchema.parse(
      Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== '')),
    ),
  );
}
