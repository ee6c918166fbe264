import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { mascararChave } from '@praca/contract';

/**
 * The server log: one line per request, written when the answer has gone (method, URL, status,
 * milliseconds; pino adds the request id), instead of Fastify's pair 'incoming request' and
 * 'request completed'. JSON lines for machines; in a terminal a person reads them as text
 * (`prettyLogStream`, chosen by `LOG_FORMAT`, config.ts).
 */

/**
 * Query parameters whose value is a secret (the e-mailed links' reset and removal codes, any
 * token, a password, the signature of a CPF proof's photo link) or a person's (issue 52: `nome`,
 * what a partner types in the customer search: a name, a phone's digits, a CPF), never logged.
 * The value ends where a URL would, or at the quote, blank or backslash that ends it inside a
 * JSON log line.
 */
const SECRET_PARAMS = /([?&](?:code|codigo|senha|assinatura|nome|[a-z_]*token)=)[^&#\s"\\]*/gi;

/**
 * Issue 53: a fiscal receipt's access key (44 positions: its CNPJ may hold letters), wherever it
 * stands in a line: a QR code's URL (`?p=<chave>|…`, `chNFe=<chave>`), a database error's
 * detail, a value someone logged. Shown as `mascararChave` does: state, month and CNPJ, then
 * the last 4.
 */
const NFCE_KEY = /\b\d{6}[0-9A-Za-z]{12}\d{26}\b/g;

/**
 * A URL, or a whole log line, as the log shows it: the values of secret parameters hidden, a
 * receipt's key masked. Every line passes here as it is written (pino's `streamWrite` hook,
 * app.ts), whoever logged it: the request line, an e-mail's link, an error's message.
 */
export const loggedUrl = (url: string): string =>
  url.replace(SECRET_PARAMS, '$1***').replace(NFCE_KEY, (k) => mascararChave(k));

/** The request line's fields (beside pino's own `reqId`, `level`, `time`). */
interface RequestLine {
  method: string;
  url: string;
  status: number;
  ms: number;
}

/** Fastify's internal request logging, reduced to one line per request. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line: RequestLine = {
      method: request.method,
      url: loggedUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'requisição com erro');
    else reply.log.info(line, 'requisição');
  }
}

// --- the terminal's format ---------------------------------------------------------------------

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const LEVEL_COLOR: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };
/** What pino puts in every line, shown otherwise (time, level, id) or not at all. */
const OWN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'reqId', 'msg', 'err']);
const REQUEST_FIELDS = new Set(['method', 'url', 'status', 'ms']);

const two = (n: number) => String(n).padStart(2, '0');
const clock = (t: unknown): string => {
  const d = new Date(typeof t === 'number' || typeof t === 'string' ? t : Date.now());
  if (Number.isNaN(d.getTime())) return '--:--:--';
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
};

const statusColor = (status: number): string => (status >= 500 ? '31' : status >= 400 ? '33' : '32');

const isRequestLine = (o: Record<string, unknown>): boolean =>
  typeof o.method === 'string' &&
  typeof o.url === 'string' &&
  typeof o.status === 'number' &&
  typeof o.ms === 'number';

/**
 * One pino JSON line as a person reads it: `14:03:07 INFO  req-1 GET /login 200 3.1 ms`; any
 * other line `14:03:07 WARN  mensagem campo=valor`, an error's stack on the lines below. A line
 * that is not JSON passes as it came.
 */
export function formatLogLine(json: string, colors: boolean): string {
  let o: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(json);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      return json.endsWith('\n') ? json : `${json}\n`;
    o = parsed as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const paint = (code: string, s: string) => (colors ? `\x1b[${code}m${s}\x1b[0m` : s);
  const level = typeof o.level === 'number' ? o.level : 30;
  const parts = [
    paint('90', clock(o.time)),
    paint(LEVEL_COLOR[level] ?? '0', LEVELS[level] ?? String(level)),
  ];
  if (o.reqId !== undefined) parts.push(paint('90', String(o.reqId)));
  const request = isRequestLine(o);
  if (request) {
    const status = o.status as number;
    parts.push(
      `${String(o.method)} ${String(o.url)}`,
      paint(statusColor(status), String(status)),
      `${String(o.ms)} ms`,
    );
  } else if (o.msg !== undefined) {
    parts.push(String(o.msg));
  }
  for (const [k, v] of Object.entries(o)) {
    if (OWN_FIELDS.has(k) || (request && REQUEST_FIELDS.has(k))) continue;
    parts.push(paint('90', `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`));
  }
  let out = parts.join(' ');
  const err = o.err as { stack?: unknown; message?: unknown } | undefined;
  if (err && typeof err === 'object') {
    const text =
      typeof err.stack === 'string' ? err.stack : typeof err.message === 'string' ? err.message : '';
    if (text) out += `\n${paint('31', text.replace(/^/gm, '    '))}`;
  }
  return `${out}\n`;
}

/** A pino destination that writes each line formatted for a terminal to `out`. */
export function prettyLogStream(
  out: { write(chunk: string): unknown },
  colors: boolean,
): { write(line: string): void } {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line) out.write(formatLogLine(line, colors));
    },
  };
}
