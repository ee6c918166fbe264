import { createHash, createHmac, type Hash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { APURACAO_CSV_HEADER, COUPON_SERIES_SIZE } from '@praca/contract';

/**
 * The apuração by the Loteria Federal (issue 36), with no database: the frozen ticket file's
 * format, its reading and hash, and the rule that turns a contest's five prizes into winners
 * ({@link REGRA_APURACAO} in the contract states it in Portuguese). The server decides an
 * apuração by running {@link apurar} over the very file it published, and `npm run
 * verify-draw -- --bilhetes` runs the same code, so a citizen with the file, its hash and the
 * prizes gets the same winners.
 *
 * Ticket file: UTF-8 without BOM, `,` separated, `\n` after every line. The header
 * {@link APURACAO_CSV_HEADER}, then one eligible ticket a line in (série, número) order:
 * série zero-padded to 3 digits, número to 5, `titular` a pseudonym of the holder (the same
 * for all of one person's tickets in the file; letters and digits only), the issuing shop's
 * id. `hash_bilhetes` is the SHA-256 (hex) of the file's bytes.
 */

/** One ticket of the file. `codigo` is série · 100000 + número: the file's order. */
export interface Bilhete {
  serie: number;
  numero: number;
  titular: string;
  id_estabelecimento: number;
}

export const codigoDe = (serie: number, numero: number): number => serie * COUPON_SERIES_SIZE + numero;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** `SSS-NNNNN`, the ticket as every screen shows it. */
export const serieNumero = (serie: number, numero: number): string => `${pad(serie, 3)}-${pad(numero, 5)}`;

/** One line of the file, with its `\n`. */
export const bilheteLine = (b: Bilhete): string =>
  `${pad(b.serie, 3)},${pad(b.numero, 5)},${b.titular},${b.id_estabelecimento}\n`;

export const APURACAO_CSV_FIRST_LINE = `${APURACAO_CSV_HEADER}\n`;

/**
 * The holder's pseudonym in one apuração's file: HMAC-SHA-256 of the apuração and the person
 * under the server's secret, 16 hex digits. Stable within the file (so `musuario=N` can be
 * checked from the file alone), unlinkable across files and to the person without the secret.
 */
export const titularDe = (secret: string, idApuracao: number, idUsuario: number): string =>
  createHmac('sha256', secret)
    .update(`apuracao:${idApuracao}:usuario:${idUsuario}`)
    .digest('hex')
    .slice(0, 16);

/** A ticket file that does not follow the format. */
export class BilhetesFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BilhetesFileError';
  }
}

/** A growable column of 32-bit integers: a state's tens of millions of tickets in little memory. */
class IntColumn {
  private data = new Int32Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }
  at(i: number): number {
    return this.data[i];
  }
}

/**
 * The tickets of a file, in file order, column by column: the code (série · 100000 + número),
 * the holder (as an index into {@link titulares}) and the shop.
 */
export class Bilhetes {
  readonly codigos = new IntColumn();
  readonly titularIds = new IntColumn();
  readonly lojas = new IntColumn();
  readonly titulares: string[] = [];
  private readonly titularIndex = new Map<string, number>();

  get length(): number {
    return this.codigos.length;
  }

  push(b: Bilhete): void {
    let t = this.titularIndex.get(b.titular);
    if (t === undefined) {
      t = this.titulares.length;
      this.titulares.push(b.titular);
      this.titularIndex.set(b.titular, t);
    }
    this.codigos.push(codigoDe(b.serie, b.numero));
    this.titularIds.push(t);
    this.lojas.push(b.id_estabelecimento);
  }

  bilhete(i: number): Bilhete {
    const codigo = this.codigos.at(i);
    return {
      serie: Math.floor(codigo / COUPON_SERIES_SIZE),
      numero: codigo % COUPON_SERIES_SIZE,
      titular: this.titulares[this.titularIds.at(i)],
      id_estabelecimento: this.lojas.at(i),
    };
  }

  /** The index of the first ticket whose code is ≥ `codigo`, or `length` when none is. */
  firstAtOrAfter(codigo: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.codigos.at(mid) < codigo) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const INT32_MAX = 2_147_483_647;

const LINE = /^(\d{3,}),(\d{5}),([A-Za-z0-9]{1,64}),([1-9]\d{0,9})$/;

/**
 * Reads a ticket file in chunks: hashes the bytes and checks the header and every line (the
 * format, codes strictly rising), keeping the tickets. Throws {@link BilhetesFileError} with
 * the line at fault, in Portuguese: this is what a citizen sees from `verify-draw`.
 */
export class BilhetesFileReader {
  private readonly hash: Hash = createHash('sha256');
  private readonly decoder = new StringDecoder('utf8');
  private readonly bilhetes = new Bilhetes();
  private rest = '';
  private lineNumber = 0;
  private last = -1;

  feed(chunk: Buffer): void {
    this.hash.update(chunk);
    const text = this.rest + this.decoder.write(chunk);
    const lines = text.split('\n');
    this.rest = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  end(): { hash: string; bilhetes: Bilhetes } {
    const tail = this.rest + this.decoder.end();
    this.rest = '';
    if (tail !== '')
      throw new BilhetesFileError(`linha ${this.lineNumber + 1}: sem \\n no fim (arquivo cortado?)`);
    if (this.lineNumber === 0) throw new BilhetesFileError('arquivo vazio');
    return { hash: this.hash.digest('hex'), bilhetes: this.bilhetes };
  }

  private line(line: string): void {
    this.lineNumber++;
    const where = `linha ${this.lineNumber}`;
    if (line.endsWith('\r')) {
      throw new BilhetesFileError(`${where}: quebra de linha \\r\\n; o arquivo usa só \\n (use o original)`);
    }
    if (this.lineNumber === 1) {
      if (line.startsWith('\uFEFF')) throw new BilhetesFileError('o arquivo tem BOM; use o original');
      if (line !== APURACAO_CSV_HEADER) {
        throw new BilhetesFileError(`cabeçalho inesperado; o esperado é '${APURACAO_CSV_HEADER}'`);
      }
      return;
    }
    const m = LINE.exec(line);
    if (!m) {
      throw new BilhetesFileError(
        `${where}: esperado 'série,número,titular,id_estabelecimento' (000,00034,…), lido '${line.slice(0, 80)}'`,
      );
    }
    const b: Bilhete = {
      serie: Number(m[1]),
      numero: Number(m[2]),
      titular: m[3],
      id_estabelecimento: Number(m[4]),
    };
    if (m[1].length > 3 && m[1].startsWith('0')) {
      throw new BilhetesFileError(`${where}: série '${m[1]}' com zeros demais`);
    }
    const codigo = codigoDe(b.serie, b.numero);
    if (!Number.isSafeInteger(codigo) || codigo > INT32_MAX) {
      throw new BilhetesFileError(`${where}: série '${m[1]}' grande demais`);
    }
    // Kept in a 32-bit column: a larger id would wrap to another shop's (mloja=N).
    if (b.id_estabelecimento > INT32_MAX) {
      throw new BilhetesFileError(`${where}: id_estabelecimento '${m[4]}' grande demais`);
    }
    if (codigo <= this.last) {
      throw new BilhetesFileError(`${where}: bilhetes fora de ordem (${serieNumero(b.serie, b.numero)})`);
    }
    this.last = codigo;
    this.bilhetes.push(b);
  }
}

/** The five prizes of the contest, 5 digits each, 1st to 5th. */
export const PREMIOS = /^\d{5}$/;

export interface Opcoes {
  /** How many prizes to award (fewer when fewer tickets are eligible). */
  qtd: number;
  /** 'N': no second prize from the same shop. */
  mloja: 'S' | 'N';
  /** 'N': no second prize to the same holder. */
  musuario: 'S' | 'N';
}

export interface Apuracao {
  /** The starting point, série and número. */
  serie: number;
  numero: number;
  /** The winners' indexes in the file, in prize order. */
  ganhadores: number[];
}

/**
 * The starting point from the prizes (rule steps 1 and 2): número is the units digits of the
 * 1st to 5th prizes; with S = the highest série in the file + 1, série is 0 when S = 1,
 * otherwise the tens digits of the 1st, 2nd and 3rd prizes read as a 3-digit number, modulo S.
 */
export function pontoDePartida(
  premios: readonly string[],
  maiorSerie: number,
): { serie: number; numero: number } {
  if (premios.length !== 5 || !premios.every((p) => PREMIOS.test(p))) {
    throw new RangeError('informe os 5 prêmios do concurso, com 5 algarismos cada');
  }
  const numero = Number(premios.map((p) => p[4]).join(''));
  const s = maiorSerie + 1;
  const serie = s === 1 ? 0 : Number(premios[0][3] + premios[1][3] + premios[2][3]) % s;
  return { serie, numero };
}

/**
 * The winners (rule steps 3 to 5): the first eligible ticket at or after the starting point,
 * in file order, wrapping from the last ticket to the first; each next prize, the first
 * eligible ticket after the previous winner, wrapping. Eligible: not yet a winner here; with
 * `musuario` 'N' a holder not yet a winner; with `mloja` 'N' a shop not yet a winner's.
 */
export function apurar(bilhetes: Bilhetes, premios: readonly string[], opcoes: Opcoes): Apuracao {
  const n = bilhetes.length;
  const maiorSerie = n === 0 ? 0 : Math.floor(bilhetes.codigos.at(n - 1) / COUPON_SERIES_SIZE);
  const { serie, numero } = pontoDePartida(premios, maiorSerie);
  const ganhadores: number[] = [];
  if (n === 0) return { serie, numero, ganhadores };

  const won = new Set<number>();
  const titulares = new Set<number>();
  const lojas = new Set<number>();
  const eligible = (i: number) =>
    !won.has(i) &&
    (opcoes.musuario === 'S' || !titulares.has(bilhetes.titularIds.at(i))) &&
    (opcoes.mloja === 'S' || !lojas.has(bilhetes.lojas.at(i)));

  let from = bilhetes.firstAtOrAfter(codigoDe(serie, numero)) % n;
  while (ganhadores.length < opcoes.qtd) {
    let found = -1;
    for (let step = 0; step < n; step++) {
      const i = (from + step) % n;
      if (eligible(i)) {
        found = i;
        break;
      }
    }
    if (found < 0) break; // no eligible ticket is left
    ganhadores.push(found);
    won.add(found);
    titulares.add(bilhetes.titularIds.at(found));
    lojas.add(bilhetes.lojas.at(found));
    from = (found + 1) % n;
  }
  return { serie, numero, ganhadores };
}
