import { createHash, type Hash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { TICKET_FILE_HEADER, formatCouponCode, maskName, parseCouponCode } from '@praca/contract';

/**
 * The auditable draw (domain §5), with no database: the ticket file's line format, its hash
 * and the derivation of the winning position from a public seed. The server and
 * `npm run verify-draw` both use this file, so an auditor runs the very same code.
 *
 * Ticket file: UTF-8, `\n` line ends, `;` separated. The header {@link TICKET_FILE_HEADER},
 * then one line per eligible coupon in issue order: `posicao;codigo;participante;
 * estabelecimento`, `posicao` from 0, the coupon by its code (`série-número`, its one public
 * identity), the participant's name masked. `hash_lista` is the SHA-256 (hex) of the whole
 * file's bytes. Files published before carried the stored number too
 * ({@link TICKET_FILE_HEADER_V1}); they are read as they are, so their hash still checks.
 */
export { TICKET_FILE_HEADER };

/** The header of ticket files written before the code became the coupon's only identity. */
export const TICKET_FILE_HEADER_V1 = 'posicao;cupom;codigo;participante;estabelecimento';

/** Which layout a ticket file has, by its header. */
export type TicketFormat = 'v1' | 'v2';

const TWO_POW_48 = 2 ** 48;

/**
 * The winning position (0-based) among `n` tickets, from the public seed and the list hash:
 * for i = 0, 1, 2…: h = SHA-256(`${semente}|${hashLista}|${i}`) (UTF-8), x = the first 6
 * bytes of h as an unsigned big-endian 48-bit integer; with limit = floor(2^48 / n) · n, the
 * answer is x mod n as soon as x < limit. Rejecting x ≥ limit leaves exactly floor(2^48 / n)
 * values of x for each position, so there is no modulo bias; a round is rejected with
 * probability < n / 2^48, so in practice i = 0 decides.
 */
export function derivePosition(semente: string, hashLista: string, n: number): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > TWO_POW_48) {
    throw new RangeError(`quantidade de bilhetes inválida: ${n}`);
  }
  const limit = Math.floor(TWO_POW_48 / n) * n;
  for (let i = 0; ; i++) {
    const x = createHash('sha256').update(`${semente}|${hashLista}|${i}`, 'utf8').digest().readUIntBE(0, 6);
    if (x < limit) return x % n;
  }
}

/**
 * A text field of the ticket file: line breaks and tabs become a space, `;` a comma (so every
 * line has exactly its four fields), and a leading `=`, `+`, `-` or `@` gets an apostrophe in
 * front, so a spreadsheet that opens the file never runs it as a formula.
 */
export function ticketField(value: string): string {
  const v = value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/;/g, ',')
    .trim();
  return /^[=+\-@]/.test(v) ? `'${v}` : v;
}

/** The participant as the ticket file (and the public record) shows them: masked. */
export const maskedParticipant = (nome: string): string => ticketField(maskName(nome));

export interface Ticket {
  posicao: number;
  /** The coupon's stored number in its campaign (read from the code; never written since v2). */
  cupom: number;
  /** `SSS-NNNNN`. */
  codigo: string;
  participante: string;
  estabelecimento: string;
}

/** One line of the ticket file, without its `\n`; names as given (already masked). */
export const ticketLine = (t: Omit<Ticket, 'cupom'>): string =>
  [t.posicao, ticketField(t.codigo), ticketField(t.participante), ticketField(t.estabelecimento)].join(';');

/** A ticket file that does not follow the format. */
export class TicketFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TicketFileError';
  }
}

/**
 * Parses one data line; `expected` is the position it must carry. `v2` (the default) is
 * `posicao;codigo;participante;estabelecimento`, the code written as the server writes it;
 * `v1`, of older files, also has the stored number after the position.
 */
export function parseTicketLine(
  line: string,
  expected: number,
  lineNumber: number,
  format: TicketFormat = 'v2',
): Ticket {
  const where = `linha ${lineNumber}`;
  if (line.includes('\r')) {
    throw new TicketFileError(`${where}: quebra de linha \\r\\n; o arquivo usa só \\n (não o edite)`);
  }
  const fields = line.split(';');
  const size = format === 'v1' ? 5 : 4;
  if (fields.length !== size) {
    throw new TicketFileError(`${where}: esperados ${size} campos separados por ';', há ${fields.length}`);
  }
  const posicao = fields[0];
  if (posicao !== String(expected)) {
    throw new TicketFileError(`${where}: posição '${posicao}', esperada ${expected}`);
  }
  if (format === 'v1') {
    const [, cupom, codigo, participante, estabelecimento] = fields;
    if (!/^[1-9]\d{0,15}$/.test(cupom) || !Number.isSafeInteger(Number(cupom))) {
      throw new TicketFileError(`${where}: número de cupom inválido '${cupom}'`);
    }
    return { posicao: expected, cupom: Number(cupom), codigo, participante, estabelecimento };
  }
  const [, codigo, participante, estabelecimento] = fields;
  const cupom = parseCouponCode(codigo);
  if (cupom === null || formatCouponCode(cupom) !== codigo) {
    throw new TicketFileError(
      `${where}: código de cupom inválido '${codigo}' (esperado série-número, 000-00000)`,
    );
  }
  return { posicao: expected, cupom, codigo, participante, estabelecimento };
}

/**
 * Reads a ticket file in chunks (it may hold tens of millions of lines): hashes the bytes,
 * checks the header and every line (the header's fields, positions 0, 1, 2… in order, coupons
 * rising) and, when asked, keeps the line at one position. Throws {@link TicketFileError}.
 */
export class TicketFileReader {
  private readonly hash: Hash = createHash('sha256');
  private readonly decoder = new StringDecoder('utf8');
  private rest = '';
  private lineNumber = 0;
  private count = 0;
  private lastCupom = 0;
  private lastCodigo = '';
  private found: Ticket | null = null;
  private format: TicketFormat = 'v2';

  constructor(private readonly want?: number) {}

  feed(chunk: Buffer): void {
    this.hash.update(chunk);
    const text = this.rest + this.decoder.write(chunk);
    const lines = text.split('\n');
    this.rest = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  /** The file's SHA-256 (hex) and its number of tickets. */
  end(): { hash: string; n: number; ticket: Ticket | null } {
    const tail = this.rest + this.decoder.end();
    this.rest = '';
    if (tail !== '') this.line(tail); // a last line without its '\n' still counts
    if (this.lineNumber === 0) throw new TicketFileError('arquivo vazio');
    if (this.count === 0) throw new TicketFileError('o arquivo não tem nenhum bilhete');
    return { hash: this.hash.digest('hex'), n: this.count, ticket: this.found };
  }

  private line(line: string): void {
    this.lineNumber++;
    if (this.lineNumber === 1) {
      const header = line.replace(/^\uFEFF/, '');
      const bare = header.replace(/\r$/, '');
      if (bare === TICKET_FILE_HEADER) this.format = 'v2';
      else if (bare === TICKET_FILE_HEADER_V1) this.format = 'v1';
      else throw new TicketFileError(`cabeçalho inesperado; o esperado é '${TICKET_FILE_HEADER}'`);
      if (header !== line || line.endsWith('\r')) {
        throw new TicketFileError('o arquivo foi alterado (BOM ou quebras de linha \\r\\n); use o original');
      }
      return;
    }
    const t = parseTicketLine(line, this.count, this.lineNumber, this.format);
    if (t.cupom <= this.lastCupom) {
      throw new TicketFileError(
        `linha ${this.lineNumber}: cupons fora de ordem (${t.codigo} após ${this.lastCodigo})`,
      );
    }
    this.lastCupom = t.cupom;
    this.lastCodigo = t.codigo;
    if (this.want === this.count) this.found = t;
    this.count++;
  }
}
