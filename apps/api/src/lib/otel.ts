import dc from 'node:diagnostics_channel';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { FastifyInstance } from 'fastify';
import type { LogEvent } from 'kysely';
import { traceQueriesWith } from '../db/query-tracing.js';
import { isPostgresUrl } from '../db/url.js';

/**
 * Issue 54: the traces, started by src/telemetry.ts when OTEL_EXPORTER_OTLP_ENDPOINT is set.
 *
 * - Exported over OTLP/HTTP as JSON to `$OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces` (the exporter
 *   reads the standard OTEL_EXPORTER_OTLP_* variables: headers, timeout), in batches
 *   (OTEL_BSP_SCHEDULE_DELAY, 5 s by default), as service OTEL_SERVICE_NAME (`praca`). The
 *   sampler is the standard one (OTEL_TRACES_SAMPLER, every trace by default).
 * - HTTP requests by @fastify/otel, hooked to each Fastify instance as it is created (a span
 *   per request, named `<method> <route template>`, with its hooks and handler, and the caller's
 *   `traceparent` followed).
 * - Database calls by a Kysely plugin and hook (db/query-tracing.ts), on SQLite as on
 *   PostgreSQL: a span per statement made inside a traced request, named by its operation and
 *   table, with its SQL text (values never: they are bound parameters) and its error. Statements
 *   outside any trace (the job queue's polling) make none.
 * - Pending spans are sent when an app closes (a graceful stop).
 */
const provider = new NodeTracerProvider({
  resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || 'praca' }),
  spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
});
provider.register();

const fastifyOtel = new FastifyOtelInstrumentation({
  registerOnInitialization: true,
  requestHook: (span, request) => {
    span.updateName(`${request.method} ${request.routeOptions.url ?? '(sem rota)'}`);
  },
});
fastifyOtel.setTracerProvider(provider);

// Each app's close sends what is still in the batch.
dc.subscribe('fastify.initialization', (message) => {
  (message as { fastify: FastifyInstance }).fastify.addHook('onClose', async () => {
    await provider.forceFlush().catch(() => undefined);
  });
});

const tracer = provider.getTracer('praca-kysely');
const dbSystem = isPostgresUrl(process.env.DATABASE_URL ?? '') ? 'postgresql' : 'sqlite';
const OPERATION = /^\s*(\w+)/;
const TABLE = /\b(?:from|into|update)\s+"?([\w.]+)"?/i;

/** One finished statement as a span, back-dated to its start, in its caller's trace. */
function querySpan(event: LogEvent): void {
  const parent = context.active();
  if (!trace.getSpan(parent)) return;
  const sql = event.query.sql;
  const operation = (OPERATION.exec(sql)?.[1] ?? 'sql').toUpperCase();
  const table = TABLE.exec(sql)?.[1];
  const end = performance.timeOrigin + performance.now();
  const span = tracer.startSpan(
    table ? `${operation} ${table}` : operation,
    {
      kind: SpanKind.CLIENT,
      startTime: end - event.queryDurationMillis,
      attributes: {
        'db.system.name': dbSystem,
        'db.operation.name': operation,
        ...(table ? { 'db.collection.name': table } : {}),
        'db.query.text': sql,
      },
    },
    parent,
  );
  if (event.level === 'error') {
    const message = event.error instanceof Error ? event.error.message : String(event.error);
    span.setStatus({ code: SpanStatusCode.ERROR, message });
  }
  span.end(end);
}

traceQueriesWith({
  // Its presence is what matters (db/query-tracing.ts): every statement through Kysely's executor.
  plugin: {
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => result,
  },
  log: querySpan,
});
