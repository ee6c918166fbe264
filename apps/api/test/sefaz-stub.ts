import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A city's SEFAZ gateway as the tests need it (issue 53, docs/sefaz.md): an HTTP server on
 * 127.0.0.1 at a random port that answers each key as it was told — authorised, cancelled,
 * denied, unknown, never (a timeout), garbage, or any raw answer — and keeps every request it got.
 * Nothing here leaves the machine.
 */

/** How the stub answers a key. */
type Comportamento =
  | 'autorizada'
  | 'cancelada'
  | 'denegada'
  | 'inexistente'
  /** Never answers (the connection stays open until the stub closes). */
  | 'timeout'
  /** 200 with an HTML page. */
  | 'lixo'
  /** Exactly this answer. */
  | { status: number; contentType?: string; body: string | Buffer };

interface SefazRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface SefazStub {
  /** `http://127.0.0.1:<port>/consulta`. */
  url: string;
  requests: SefazRequest[];
  /** How `chave` is answered from now on (a key not set: `inexistente`). */
  set(chave: string, c: Comportamento): void;
  /** The value and the instant an authorised key is answered with (default "123.45", 2026-11-27 14:03 -03:00). */
  autorizadaCom(chave: string, valor: string, emitida_em?: string): void;
  close(): Promise<void>;
}

export const STUB_EMITIDA_EM = '2026-11-27T14:03:00-03:00';

export async function startSefazStub(): Promise<SefazStub> {
  const comportamentos = new Map<string, Comportamento>();
  const valores = new Map<string, { valor: string; emitida_em: string }>();
  const requests: SefazRequest[] = [];
  const json = (res: http.ServerResponse, o: object) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(o));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      let chave = '';
      try {
        chave = String((JSON.parse(body) as { chave?: unknown }).chave ?? '');
      } catch {
        // A body that is not JSON: answered as an unknown key.
      }
      const c = comportamentos.get(chave) ?? 'inexistente';
      if (c === 'timeout') return;
      if (c === 'lixo') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><body>Serviço em manutenção</body></html>');
        return;
      }
      if (typeof c === 'object') {
        res.writeHead(c.status, c.contentType ? { 'content-type': c.contentType } : {});
        res.end(c.body);
        return;
      }
      if (c === 'inexistente') return json(res, { versao: 1, chave, situacao: c });
      const v = valores.get(chave) ?? { valor: '123.45', emitida_em: STUB_EMITIDA_EM };
      json(res, {
        versao: 1,
        chave,
        situacao: c,
        valor: v.valor,
        cnpj_emitente: chave.slice(6, 20),
        emitida_em: v.emitida_em,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/consulta`,
    requests,
    set: (chave, c) => void comportamentos.set(chave, c),
    autorizadaCom(chave, valor, emitida_em = STUB_EMITIDA_EM) {
      comportamentos.set(chave, 'autorizada');
      valores.set(chave, { valor, emitida_em });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
