import type { KyselyPlugin, LogEvent } from 'kysely';

/**
 * Issue 54: how the OpenTelemetry bootstrap (src/telemetry.ts → lib/otel.ts) traces the
 * database calls, without this module loading any of OpenTelemetry: the bootstrap hands a
 * tracing here before the app starts, and `createDb` builds every Kysely with it. Unset (no
 * OTEL_EXPORTER_OTLP_ENDPOINT), `createDb` builds Kysely as always.
 *
 * - `plugin`, a Kysely plugin: a Kysely with a plugin runs each statement through Kysely's
 *   executor, on SQLite too, where the group-commit driver otherwise takes a shortcut past it
 *   for a transaction's statements (db/sqlite/group-commit.ts);
 * - `log`, Kysely's hook for every statement it ran, built or raw (the hot paths' prepared
 *   ones), with its duration and its error: one span each.
 */
export interface QueryTracing {
  plugin: KyselyPlugin;
  log(event: LogEvent): void;
}

let current: QueryTracing | null = null;

/** Called by the bootstrap, before any database is opened. */
export function traceQueriesWith(tracing: QueryTracing): void {
  current = tracing;
}

/** Kysely's options for tracing, or none. */
export const tracingOptions = (): { plugins?: KyselyPlugin[]; log?: (event: LogEvent) => void } =>
  current ? { plugins: [current.plugin], log: (e) => current?.log(e) } : {};
