/**
 * Issue 54: OpenTelemetry, opt-in. The API's start scripts load this file before the app
 * (`node --import ./dist/src/telemetry.js dist/src/server.js`); with OTEL_EXPORTER_OTLP_ENDPOINT
 * set it starts the tracing (lib/otel.ts) before Fastify and Kysely are created, so that both
 * are traced. Unset, it loads nothing at all: not one OpenTelemetry module is in the process.
 */
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) await import('./lib/otel.js');

export {};
