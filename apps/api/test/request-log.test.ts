import { mascararChave } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { logIsPretty } from '../src/config.js';
import { formatLogLine, loggedUrl, prettyLogStream } from '../src/plugins/request-log.js';
import fs from 'node:fs';
import path from 'node:path';
import { bearer, createUser, sessionFor } from './factories.js';
import { useTestApp } from './helper.js';

const ESC = String.fromCharCode(27);

/** What the app writes to its log, line by line. */
const lines: string[] = [];
const capture = { write: (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)) };
const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('the server log', () => {
  const t = useTestApp({ LOG_LEVEL: 'info' }, { logStream: capture });

  it('writes one JSON line per request, when it is answered: method, URL, status, ms and request id', async () => {
    for (const [method, url, status] of [
      ['GET', '/health', 200],
      ['GET', '/v1/nada', 404],
      ['POST', '/v1/login', 400],
      ['GET', '/v1/usuarios/cupons', 401],
    ] as const) {
      lines.length = 0;
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, url).toBe(status);
      expect(lines, url).toHaveLength(1);
      const [line] = parsed();
      expect(line).toMatchObject({ level: 30, method, url, status, msg: 'requisição' });
      expect(line!.reqId).toEqual(expect.any(String));
      expect(line!.ms).toEqual(expect.any(Number));
      expect(line).not.toHaveProperty('req');
      expect(line).not.toHaveProperty('res');
    }
  });

  it('keeps the code of an e-mailed link out of the log', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/redefinirsenha?code=SEGREDO123&x=1' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('SEGREDO123');
    expect(parsed()[0]!.url).toBe('/redefinirsenha?code=***&x=1');
    expect(loggedUrl('/a?token=abc&codigo=def#x')).toBe('/a?token=***&codigo=***#x');
    expect(loggedUrl('/a?senha=abc&access_token=def&ok=1')).toBe('/a?senha=***&access_token=***&ok=1');
    // Issue 52: a CPF proof's photo link is a credential while it lasts.
    expect(loggedUrl('/v1/adm/cpf-comprovacoes/5/fotos/imagem?por=1&expira=9&assinatura=abc_-1')).toBe(
      '/v1/adm/cpf-comprovacoes/5/fotos/imagem?por=1&expira=9&assinatura=***',
    );
  });

  it('keeps reset and removal codes out of every line, the e-mail outbox’s too (issue 37)', async () => {
    const u = await createUser(t.db);
    lines.length = 0;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/solicitatrocasenha',
      payload: { email: u.email },
    });
    expect(reset.statusCode).toBe(202);
    const removal = await t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/solicitaremocao',
      headers: bearer(await sessionFor(t.db, u.id_usuario)),
      payload: { email: u.email },
    });
    expect(removal.statusCode).toBe(201);
    await t.app.inject({ method: 'GET', url: '/remocaousuario?x=1&code=OUTRO456' });
    // The e-mails are jobs (decision 043): both sent, and their lines written, once idle.
    await t.app.jobs.idle();
    // The codes, as the e-mails in the outbox carry them (no SMTP in the tests).
    const outbox = t.config.outboxDir;
    const mails = await (async () => {
      for (let i = 0; i < 50; i++) {
        const files = (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).filter((f) =>
          f.endsWith('.json'),
        );
        if (files.length >= 2) return files.map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('e-mails não gravados');
    })();
    const codes = mails.map((m) => /\?code=([A-Za-z0-9]+)/.exec(m)![1]);
    expect(codes).toHaveLength(2);
    const written = lines.join('\n');
    for (const code of [...codes, 'OUTRO456']) expect(written).not.toContain(code);
    // The outbox line still names the page, with the code hidden.
    expect(written).toMatch(/redefinirsenha\?code=\*\*\*/);
    expect(written).toMatch(/remocaousuario\?code=\*\*\*/);
  });
});

describe('the customer search in the log (issue 52)', () => {
  const t = useTestApp({ LOG_LEVEL: 'info' }, { logStream: capture });

  it('keeps what a partner types (a CPF, a phone, a name) out of the request line', async () => {
    const partner = await createUser(t.db, { parceiro: true });
    const token = await sessionFor(t.db, partner.id_usuario);
    for (const typed of ['529.982.247-25', '52998224725', '(11) 98765-4321', 'Maria da Silva']) {
      lines.length = 0;
      const res = await t.app.inject({
        url: `/v1/parceiro/usuarios?nome=${encodeURIComponent(typed)}`,
        headers: bearer(token),
      });
      expect(res.statusCode, typed).toBe(200);
      const written = lines.join('\n');
      for (const part of [typed, encodeURIComponent(typed), '98224725', '98765', 'Maria'])
        expect(written).not.toContain(part);
      expect(parsed().at(-1)!.url).toBe('/v1/parceiro/usuarios?nome=***');
    }
    expect(loggedUrl('/a?x=1&nome=abc&sobrenome=d')).toBe('/a?x=1&nome=***&sobrenome=d');
  });
});

describe('fiscal receipts’ keys in the log (issue 53)', () => {
  const t = useTestApp({ LOG_LEVEL: 'info' }, { logStream: capture });
  const chave = '41170410422724000187650010000005101000010235';
  const masked = mascararChave(chave);

  it('masks a key wherever a line carries it: a QR code’s URL, a query, a value logged', async () => {
    const person = await createUser(t.db);
    const token = await sessionFor(t.db, person.id_usuario);
    const qr = `https://www.fazenda.pr.gov.br/nfce/qrcode?p=${chave}|2|1|1|ABCDEF`;
    lines.length = 0;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/v1/recibos',
      headers: bearer(token),
      payload: { qrcode: qr },
    });
    expect(sent.statusCode).toBe(400);
    await t.app.inject({ url: `/v1/recibos?chave=${chave}`, headers: bearer(token) });
    t.app.log.info({ qrcode: qr, chNFe: `?chNFe=${chave.toLowerCase()}&nVersao=100` }, 'nota');
    const written = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(written).not.toContain(chave);
    expect(written.toLowerCase()).not.toContain(chave.toLowerCase());
    expect(written).toContain(masked);
    expect(loggedUrl(`/x?p=${chave}%7C2%7C1`)).toBe(`/x?p=${masked}%7C2%7C1`);
  });
});

describe('the log as text for a person', () => {
  const time = Date.UTC(2026, 10, 24, 15, 4, 5);
  const clock = (() => {
    const d = new Date(time);
    return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
  })();

  it('shows a request as one short line', () => {
    const json = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'req-7',
      method: 'GET',
      url: '/login',
      status: 200,
      ms: 3.1,
      msg: 'requisição',
    });
    expect(formatLogLine(json, false)).toBe(`${clock} INFO  req-7 GET /login 200 3.1 ms\n`);
    const colored = formatLogLine(json, true);
    expect(colored).toContain('\x1b[32m200\x1b[0m');
    expect(colored.replaceAll(ESC, '').replace(/\[\d+m/g, '')).toBe(
      `${clock} INFO  req-7 GET /login 200 3.1 ms\n`,
    );
  });

  it('shows other lines with their message, fields and an error’s stack', () => {
    expect(
      formatLogLine(JSON.stringify({ level: 40, time, msg: 'devagar', tabela: 'vendas', n: 2 }), false),
    ).toBe(`${clock} WARN  devagar tabela=vendas n=2\n`);
    const err = { type: 'Error', message: 'falhou', stack: 'Error: falhou\n    at x (a.ts:1:1)' };
    expect(
      formatLogLine(JSON.stringify({ level: 50, time, reqId: 'req-2', msg: 'erro inesperado', err }), false),
    ).toBe(`${clock} ERROR req-2 erro inesperado\n    Error: falhou\n        at x (a.ts:1:1)\n`);
    expect(formatLogLine('não é JSON', false)).toBe('não é JSON\n');
  });

  it('writes each of pino’s lines formatted', () => {
    const out: string[] = [];
    const stream = prettyLogStream({ write: (s: string) => out.push(s) }, false);
    stream.write(`${JSON.stringify({ level: 30, time, msg: 'no ar' })}\n`);
    expect(out).toEqual([`${clock} INFO  no ar\n`]);
  });

  it('is chosen for a terminal outside production, JSON otherwise', () => {
    expect(logIsPretty('auto', undefined, true)).toBe(true);
    expect(logIsPretty('auto', 'development', true)).toBe(true);
    expect(logIsPretty('auto', 'production', true)).toBe(false);
    expect(logIsPretty('auto', undefined, false)).toBe(false);
    expect(logIsPretty('pretty', 'production', false)).toBe(true);
    expect(logIsPretty('json', undefined, true)).toBe(false);
  });
});
