import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bearer, createSellingShop } from './factories.js';
import { dialect, useTestApp } from './helper.js';
import { exited, startServer } from './server-process.js';

/**
 * Issue 54: OpenTelemetry, opt-in. The real server, started as the start script starts it (the
 * bootstrap `--import`ed before the app), sends its traces over OTLP/HTTP (JSON) to a receiver
 * written here on 127.0.0.1: a span per HTTP request (@fastify/otel) and per database call
 * (the Kysely plugin and hook), in the caller's trace. Without OTEL_EXPORTER_OTLP_ENDPOINT not
 * one OpenTelemetry module is loaded.
 */
const t = useTestApp();

interface Attribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number };
}
interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Attribute[];
  service: string;
}

/** An OTLP/HTTP receiver of traces in JSON: every span it got, with its resource's service name. */
async function receiver() {
  const spans: Span[] = [];
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      const body = JSON.parse(Buffer.concat(chunks).toString()) as {
        resourceSpans: { resource: { attributes: Attribute[] }; scopeSpans: { spans: Span[] }[] }[];
      };
      for (const rs of body.resourceSpans) {
        const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const ss of rs.scopeSpans) for (const s of ss.spans) spans.push({ ...s, service });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const attr = (s: Span, key: string) => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue === undefined ? undefined : Number(v.intValue));
};

const BOOTSTRAP = ['--import', './src/telemetry.ts', '--import', './test/module-probe.mjs'];

/** The CommonJS modules the server had loaded, written by test/module-probe.mjs at its exit. */
const modulesFile = () => path.join(t.dataDir, `modulos-${Math.random().toString(36).slice(2)}.txt`);

describe(`traces (${dialect})`, () => {
  it('with OTEL_EXPORTER_OTLP_ENDPOINT, each request and its database calls reach the OTLP receiver, in the caller’s trace', async () => {
    const r = await receiver();
    const modules = modulesFile();
    const server = await startServer(
      t,
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: r.url,
        OTEL_BSP_SCHEDULE_DELAY: '100',
        OTEL_SERVICE_NAME: 'praca-teste',
        PRACA_TESTE_MODULOS: modules,
      },
      BOOTSTRAP,
    );
    try {
      const traceId = 'a'.repeat(24) + Date.now().toString(16).padStart(8, '0').slice(-8);
      const res = await fetch(`${server.url}/v1/campanhas?cod_cidade=1`, {
        headers: { traceparent: `00-${traceId}-${'b'.repeat(16)}-01` },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const request = () =>
        r.spans.find((s) => s.traceId === traceId && s.name === 'GET /v1/campanhas' && s.kind === 2);
      for (
        let i = 0;
        i < 100 && !(request() && r.spans.some((s) => s.traceId === traceId && s.kind === 3));
        i++
      )
        await new Promise((resolve) => setTimeout(resolve, 100));

      expect(r.paths[0]).toBe('POST /v1/traces application/json');
      const span = request()!;
      expect(span, JSON.stringify(r.spans.map((s) => s.name))).toBeDefined();
      expect(span.service).toBe('praca-teste');
      expect(span.parentSpanId).toBe('b'.repeat(16));
      expect(attr(span, 'http.route')).toBe('/v1/campanhas');
      expect(attr(span, 'http.response.status_code')).toBe(200);

      const inTrace = r.spans.filter((s) => s.traceId === traceId);
      const queries = inTrace.filter((s) => s.kind === 3);
      expect(queries.length).toBeGreaterThan(0);
      const campanhas = queries.find((q) => attr(q, 'db.collection.name') === 'campanhas');
      expect(campanhas, JSON.stringify(queries.map((q) => q.name))).toBeDefined();
      expect(campanhas!.name).toBe('SELECT campanhas');
      expect(attr(campanhas!, 'db.system.name')).toBe(dialect === 'postgres' ? 'postgresql' : 'sqlite');
      expect(String(attr(campanhas!, 'db.query.text'))).toMatch(/from "?campanhas"?/i);
      // Each query hangs from a span of the request's own trace.
      const ids = new Set(inTrace.map((s) => s.spanId));
      for (const q of queries) expect(ids.has(q.parentSpanId ?? '')).toBe(true);

      // A sale, traced: its statements (SQLite's transaction, PostgreSQL's one statement) too.
      const s = await createSellingShop(t.db, ['Pessoa Traçada']);
      const saleTrace = 'c'.repeat(32);
      const sold = await fetch(`${server.url}/v1/parceiro/vendas`, {
        method: 'POST',
        headers: {
          ...bearer(s.token),
          'content-type': 'application/json',
          traceparent: `00-${saleTrace}-${'d'.repeat(16)}-01`,
        },
        body: JSON.stringify(s.sale('TR-1', s.people[0]!, 200)),
      });
      expect(sold.status).toBe(201);
      const saleQueries = () => r.spans.filter((q) => q.traceId === saleTrace && q.kind === 3);
      const writesTheSale = (q: Span) =>
        /\b(into|from) "?vendas\b|registrar_vendas/.test(String(attr(q, 'db.query.text')));
      for (let i = 0; i < 100 && !saleQueries().some(writesTheSale); i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(
        saleQueries().some(writesTheSale),
        saleQueries()
          .map((q) => q.name)
          .join(', '),
      ).toBe(true);
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
      await r.close();
    }
    // The probe saw them: the same check below finds none without the setting.
    const loaded = fs.readFileSync(modules, 'utf8');
    expect(loaded).toContain('/@fastify/otel/');
    expect(loaded).toContain('/@opentelemetry/sdk-trace-node/');
  });

  it.runIf(dialect === 'sqlite')('without it, not one OpenTelemetry module is in the process', async () => {
    const modules = modulesFile();
    const { OTEL_EXPORTER_OTLP_ENDPOINT: _unset, ...env } = process.env;
    expect(_unset).toBeUndefined();
    const server = await startServer(
      t,
      { ...env, PRACA_TESTE_MODULOS: modules } as Record<string, string>,
      BOOTSTRAP,
    );
    try {
      expect((await fetch(`${server.url}/v1/campanhas?cod_cidade=1`)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
    const loaded = fs.readFileSync(modules, 'utf8').split('\n');
    expect(loaded.length).toBeGreaterThan(50);
    expect(loaded.filter((f) => /[/\\]@(opentelemetry|fastify[/\\]otel)[/\\]/.test(f))).toEqual([]);
  });
});
