import type { FastifyBaseLogger } from 'fastify';
import { cnpjDaChave, mascararChave, type SituacaoSefaz } from '@praca/contract';
import type { Config } from '../../config.js';
import { OutboundHttp } from '../../lib/outbound-http.js';

/**
 * Issue 53: SEFAZ, where a city has it. The real consultation of an NFC-e is per state, SOAP with
 * an ICP-Brasil certificate, so Praça speaks a small JSON contract to the city's own gateway
 * (docs/sefaz.md, version {@link SEFAZ_CONTRATO_VERSAO}), which does the state's part:
 *
 *     POST <SEFAZ_CONSULTA_URL>            Praca-Sefaz-Versao: 1, Authorization: Bearer <SEFAZ_TOKEN>
 *     {"chave": "<44>"}
 *     → 200 {"situacao": "autorizada", "valor": "12.34", "cnpj_emitente": "…", "emitida_em": "…"}
 *
 * - {@link consultarSefaz}: one consultation, through the outbound guard (lib/outbound-http.ts),
 *   with a deadline; anything out of the contract is `indisponivel`, it never throws.
 * - What the receipts do with the answers (refuse at submission, ask again later, undo a
 *   cancelled receipt's credit) is ./sefaz-flow.ts.
 *
 * Without SEFAZ_CONSULTA_URL none of this runs (`sefazFromConfig` answers null): receipts are
 * matched with the partners' reports alone.
 */

/** The version of the gateway's contract Praça speaks (header `Praca-Sefaz-Versao`). */
export const SEFAZ_CONTRATO_VERSAO = 1;

/** The most of an answer read: a gateway's answer is a few hundred bytes. */
const MAX_RESPOSTA_BYTES = 16 * 1024;

/** What the gateway may answer of a key (`situacao`), and `indisponivel` for anything else. */
type SituacaoConsultada = Exclude<SituacaoSefaz, 'indisponivel'>;
const SITUACOES: readonly SituacaoConsultada[] = ['autorizada', 'cancelada', 'denegada', 'inexistente'];

/** One consultation's result. `motivo` says why an answer is `indisponivel` (logs only). */
export interface RespostaSefaz {
  situacao: SituacaoSefaz;
  /** The receipt's total (vNF), in cents: always with `autorizada`. */
  valor_centavos?: number;
  /** When it was issued (dhEmi), as an ISO instant in UTC: always with `autorizada`. */
  emitida_em?: string;
  motivo?: string;
}

/** How to reach the city's gateway. */
export interface SefazConfig {
  /** SEFAZ_CONSULTA_URL. */
  url: string;
  /** SEFAZ_TOKEN: sent as `Authorization: Bearer …`. */
  token?: string;
  /** SEFAZ_TIMEOUT_MS: the deadline of one consultation, from the first lookup to the last byte. */
  timeoutMs: number;
  /** The guarded client (lib/outbound-http.ts), made with the same deadline. */
  http: Pick<OutboundHttp, 'check' | 'postReading'>;
  /** Where an unavailable answer is told (the key masked). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * The gateway as the configuration sets it, or null without SEFAZ_CONSULTA_URL (no SEFAZ). Its
 * client follows the outbound rule of Web Push and webhooks: https on a public address, loopback
 * only with PUSH_ALLOW_LOOPBACK (tests). `close` ends its kept-alive sockets (the app's onClose).
 */
export function sefazFromConfig(
  c: Pick<Config, 'SEFAZ_CONSULTA_URL' | 'SEFAZ_TOKEN' | 'SEFAZ_TIMEOUT_MS' | 'PUSH_ALLOW_LOOPBACK'>,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): (SefazConfig & { close(): Promise<void> }) | null {
  if (!c.SEFAZ_CONSULTA_URL) return null;
  const http = new OutboundHttp({
    allowLoopback: c.PUSH_ALLOW_LOOPBACK,
    timeoutMs: c.SEFAZ_TIMEOUT_MS,
    maxResponseBytes: MAX_RESPOSTA_BYTES,
    connections: 16,
  });
  return {
    url: c.SEFAZ_CONSULTA_URL,
    token: c.SEFAZ_TOKEN,
    timeoutMs: c.SEFAZ_TIMEOUT_MS,
    http,
    log,
    close: () => http.close(),
  };
}

const indisponivel = (motivo: string): RespostaSefaz => ({ situacao: 'indisponivel', motivo });

/** Money as the contract writes it: "12.34" (a dot, two decimals), in cents; undefined otherwise. */
function centavos(v: unknown): number | undefined {
  if (typeof v !== 'string' || !/^(0|[1-9]\d{0,10})\.\d{2}$/.test(v)) return undefined;
  const [int, frac] = v.split('.') as [string, string];
  return Number(int) * 100 + Number(frac);
}

/** An ISO 8601 instant with its offset ("2026-11-28T14:03:00-03:00", or Z), as UTC; else undefined. */
function instante(v: unknown): string | undefined {
  if (
    typeof v !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)
  ) {
    return undefined;
  }
  const ms = Date.parse(v);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

/** A field of the answer: absent and null are the same (none). */
const present = (v: unknown): boolean => v !== undefined && v !== null;

/**
 * The gateway's answer to `chave` read strictly (docs/sefaz.md): 200, JSON, an object whose
 * `situacao` is one of the four; `versao` and `chave`, when present, must be this contract's and
 * the key asked; `valor` ("12.34"), `cnpj_emitente` (the key's own CNPJ) and `emitida_em` (ISO
 * with offset) are required with `autorizada` and, when present with another answer, must be well
 * formed too. Other fields are ignored. Anything else: `indisponivel`.
 */
export function lerRespostaSefaz(
  answer: { status: number; contentType: string; body: Buffer },
  chave: string,
): RespostaSefaz {
  if (answer.status !== 200) return indisponivel(`status ${answer.status}`);
  if (!/^application\/json\s*(;|$)/i.test(answer.contentType)) return indisponivel('não é JSON');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(answer.body));
  } catch {
    return indisponivel('JSON inválido');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return indisponivel('não é um objeto');
  const o = json as Record<string, unknown>;
  if (present(o.versao) && o.versao !== SEFAZ_CONTRATO_VERSAO) return indisponivel('outra versão');
  if (present(o.chave) && o.chave !== chave) return indisponivel('outra chave');
  const situacao = SITUACOES.find((s) => s === o.situacao);
  if (situacao === undefined) return indisponivel('situação desconhecida');
  const valor = centavos(o.valor);
  const emitida = instante(o.emitida_em);
  const cnpj =
    typeof o.cnpj_emitente === 'string' && /^[0-9A-Za-z./\- ]{14,18}$/.test(o.cnpj_emitente)
      ? cnpjDaChave(o.cnpj_emitente)
      : undefined;
  if (present(o.valor) && valor === undefined) return indisponivel('valor malformado');
  if (present(o.emitida_em) && emitida === undefined) return indisponivel('emitida_em malformado');
  if (present(o.cnpj_emitente) && cnpj !== chave.slice(6, 20)) return indisponivel('outro CNPJ');
  if (situacao === 'autorizada' && (valor === undefined || emitida === undefined || cnpj === undefined)) {
    return indisponivel('autorizada sem valor, CNPJ ou data');
  }
  return {
    situacao,
    ...(valor !== undefined ? { valor_centavos: valor } : {}),
    ...(emitida !== undefined ? { emitida_em: emitida } : {}),
  };
}

/** `p`, or `indisponivel` once `ms` passed (a lookup that hangs included). */
function withDeadline(p: Promise<RespostaSefaz>, ms: number): Promise<RespostaSefaz> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<RespostaSefaz>((resolve) => {
    timer = setTimeout(() => resolve(indisponivel('prazo esgotado')), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

async function ask(config: SefazConfig, chave: string): Promise<RespostaSefaz> {
  try {
    const checked = await config.http.check(config.url);
    if (!checked.ok) return indisponivel(`endereço recusado: ${checked.reason}`);
    const answer = await config.http.postReading(checked, JSON.stringify({ chave }), {
      'content-type': 'application/json',
      accept: 'application/json',
      'praca-sefaz-versao': String(SEFAZ_CONTRATO_VERSAO),
      ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
    });
    if ('refused' in answer) return indisponivel(`endereço recusado: ${answer.refused}`);
    if ('tooLarge' in answer) return indisponivel('resposta grande demais');
    return lerRespostaSefaz(answer, chave);
  } catch (err) {
    return indisponivel(
      err instanceof Error && /abort|timeout/i.test(`${err.name} ${err.message}`)
        ? 'prazo esgotado'
        : 'sem resposta',
    );
  }
}

/**
 * Asks the city's gateway about `chave` (44 positions, already checked offline): its answer, or
 * `indisponivel` for anything out of the contract (no answer within `timeoutMs`, not 200, not
 * JSON, a wrong field, an address the outbound guard refuses). Never throws. An unavailable
 * answer is logged with the key masked.
 */
export async function consultarSefaz(config: SefazConfig, chave: string): Promise<RespostaSefaz> {
  const r = await withDeadline(ask(config, chave), config.timeoutMs);
  if (r.situacao === 'indisponivel') {
    config.log?.warn({ chave: mascararChave(chave), motivo: r.motivo }, 'SEFAZ indisponível');
  }
  return r;
}
