import { createCipheriv, createHash, createHmac, type Hash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { APURACAO_CSV_HEADER, COUPON_SERIES_SIZE } from '@praca/contract';

/**
 * The apuração by the Loteria Federal (issue 36), with no database: the frozen ticket file's
 * format, its reading and hash, and the rule that turns a contest's five prizes into winners
 * (REGRA_APURACAO_V1 / REGRA_APURACAO_V2 in the contract state it in Portuguese). The server
 * decides an apuração by running {@link apurarV2} (version 1, {@link apurarV1}, for those
 * decided before issue 49) over the very file it published, and its substitutes with
 * {@link apurarComSuplentes}; `npm run verify-draw -- --bilhetes` runs the same code, so a
 * citizen with the file, its hash and the prizes gets the same winners.
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
  `${pad(b.serie, 3)},${pad(b.numero, 5)},${b.titular},${b.id_estabelecimento === 0 ? '' : b.id_estabelecimento}\n`;

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

/**
 * With `musuario=S` (issue 49) the rule needs no link between one person's tickets, so each
 * ticket gets a pseudonym of its own: a partner who knows one sale cannot follow its buyer
 * through the file. The pseudonym of coupon number `n` (série · 100000 + número + 1) is the
 * first 8 bytes, in hex, of AES-256 over `n` under a key the server's secret derives for this
 * apuração: a keyed permutation, unlinkable without the key, and a whole batch of tickets in one
 * call of the cipher (an HMAC per ticket costs seconds over a city's file).
 */
export function titularesDosBilhetes(
  secret: string,
  idApuracao: number,
  numeros: readonly number[],
): string[] {
  const key = createHmac('sha256', secret).update(`apuracao:${idApuracao}:bilhetes`).digest();
  const blocks = Buffer.alloc(numeros.length * 16);
  numeros.forEach((n, i) => blocks.writeBigUInt64BE(BigInt(n), i * 16 + 8));
  const cipher = createCipheriv('aes-256-ecb', key, null).setAutoPadding(false);
  const out = Buffer.concat([cipher.update(blocks), cipher.final()]);
  return numeros.map((_, i) => out.toString('hex', i * 16, i * 16 + 8));
}

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
  /** The column as a typed array (a view, not a copy: valid until the next push). */
  view(): Int32Array {
    return this.data.subarray(0, this.length);
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
    this.pushCodigo(codigoDe(b.serie, b.numero), b.titular, b.id_estabelecimento);
  }

  /** {@link push} with the code already computed (the reader's fast path). */
  pushCodigo(codigo: number, titular: string, idEstabelecimento: number): void {
    let t = this.titularIndex.get(titular);
    if (t === undefined) {
      t = this.titulares.length;
      // A copy of its own: a slice of a chunk's text would keep that whole text alive.
      const proprio = Buffer.from(titular, 'utf8').toString('utf8');
      this.titulares.push(proprio);
      this.titularIndex.set(proprio, t);
    }
    this.codigos.push(codigo);
    this.titularIds.push(t);
    this.lojas.push(idEstabelecimento);
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

/** The shop may be empty: a file of an apuração with `mloja=S` names no shop (issue 49). */
const LINE = /^(\d{3,}),(\d{5}),([A-Za-z0-9]{1,64}),([1-9]\d{0,9})?$/;

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
    if (this.lineNumber > 1 && this.usual(line)) return;
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
      id_estabelecimento: m[4] === undefined ? 0 : Number(m[4]),
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

  /**
   * The usual line (série of 3 digits, in order), parsed by hand: a city's millions of lines
   * are read several times faster than with the regular expression. Answers false, keeping
   * nothing, for anything else, which {@link line} then checks in full (and reports).
   */
  private usual(line: string): boolean {
    const len = line.length;
    if (len < 13 || line.charCodeAt(3) !== 44 || line.charCodeAt(9) !== 44) return false;
    let codigo = 0;
    for (let i = 0; i < 9; i++) {
      if (i === 3) continue;
      const d = line.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return false;
      codigo = codigo * 10 + d; // série · 100000 + número, digit by digit
    }
    let fim = 10;
    for (; fim < len; fim++) {
      const c = line.charCodeAt(fim);
      if (c === 44) break;
      const alnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
      if (!alnum) return false;
    }
    if (fim === 10 || fim - 10 > 64 || fim >= len || len - fim - 1 > 10) return false;
    if (fim < len - 1 && line.charCodeAt(fim + 1) === 48) return false; // a shop id has no leading zero
    let loja = 0;
    for (let i = fim + 1; i < len; i++) {
      const d = line.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return false;
      loja = loja * 10 + d;
    }
    if (loja > INT32_MAX || codigo <= this.last) return false;
    this.last = codigo;
    this.bilhetes.pushCodigo(codigo, line.slice(10, fim), loja);
    return true;
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
 * Version 1's winners (rule steps 3 to 5): the first eligible ticket at or after the starting point,
 * in file order, wrapping from the last ticket to the first; each next prize, the first
 * eligible ticket after the previous winner, wrapping. Eligible: not yet a winner here; with
 * `musuario` 'N' a holder not yet a winner; with `mloja` 'N' a shop not yet a winner's.
 */
export function apurarV1(bilhetes: Bilhetes, premios: readonly string[], opcoes: Opcoes): Apuracao {
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

// ── Version 2 (issue 49): every ticket of the file has the same chance ─────────────────────

const HASH_HEX = /^[0-9a-fA-F]{64}$/;

function conferirPremios(premios: readonly string[]): void {
  if (premios.length !== 5 || !premios.every((p) => PREMIOS.test(p))) {
    throw new RangeError('informe os 5 prêmios do concurso, com 5 algarismos cada');
  }
}

/**
 * A seed of rule version 2: the SHA-256 of the UTF-8 text
 * `<hash_bilhetes>|<p1>|<p2>|<p3>|<p4>|<p5>|<sufixo>` read as an unsigned big-endian 256-bit
 * integer. `sufixo` is the prize number `k` in decimal (`"1"`, `"2"`, …) for the draw, or
 * `S<p>` (`"S2"`) for the substitute of prize p; the hash is written in lower case.
 */
export function sementeV2(hash: string, premios: readonly string[], sufixo: string): bigint {
  conferir(hash, premios);
  return semente(hash.toLowerCase(), premios, sufixo);
}

function conferir(hash: string, premios: readonly string[]): void {
  if (!HASH_HEX.test(hash)) throw new RangeError('hash_bilhetes deve ter 64 algarismos hexadecimais');
  conferirPremios(premios);
}

/** {@link sementeV2} on arguments already checked, the hash already in lower case. */
const semente = (hash: string, premios: readonly string[], sufixo: string): bigint =>
  BigInt(
    `0x${createHash('sha256')
      .update(`${hash}|${premios.join('|')}|${sufixo}`, 'utf8')
      .digest('hex')}`,
  );

/** The hex text of a seed, 64 digits, as verify-draw and the docs print it. */
export const sementeHex = (semente: bigint): string => semente.toString(16).padStart(64, '0');

/** One pick of version 2: its seed, the size of the eligible list and the position drawn. */
export interface PassoV2 {
  semente: bigint;
  /** The eligible list's size; 0 when it was empty (no pick). */
  tamanho: number;
  /** `semente mod tamanho`, 0-based in the eligible list; null when the list was empty. */
  posicao: number | null;
}

export interface ApuracaoV2 {
  /** The winners' indexes in the file, in prize order (fewer than qtd when the list ran out). */
  ganhadores: number[];
  /** Each winner's seed, list size and position (for verify-draw and the ata). */
  passos: PassoV2[];
}

/** Why a winner is annulled, which decides whose tickets the substitute's list leaves out. */
type TipoSubstituicao = 'nao_localizado' | 'titular_inelegivel' | 'venda_anulada';

/** One annulment of a winner, and the contest its substitute comes from. */
export interface Substituicao {
  /** The prize, 1-based: its current holder (winner or latest substitute) is annulled. */
  premio: number;
  /** q1…q5, the five prizes of the substitute's contest. */
  premios: readonly string[];
  tipo: TipoSubstituicao;
  /** venda_anulada: the voided sale's tickets, as codes série · 100000 + número (others ignored). */
  excluidos?: readonly number[];
}

export interface ApuracaoComSuplentes extends ApuracaoV2 {
  /** suplentes[i] answers substituicoes[i]: the new holder's index, or null (empty list). */
  suplentes: (number | null)[];
  /** The pick behind each substitute. */
  passosSuplentes: PassoV2[];
  /** The holder each substitution annulled, index in the file. */
  anulados: number[];
}

/**
 * An order-statistics set over the positions 0…n−1 (a Fenwick tree of alive flags): remove
 * one and find the k-th alive in O(log n), with no rescan of the file.
 */
class Vivos {
  private readonly tree: Int32Array;
  private readonly alive: Uint8Array;
  private readonly top: number;
  size: number;

  constructor(private readonly n: number) {
    this.tree = new Int32Array(n + 1);
    this.alive = new Uint8Array(n).fill(1);
    // Linear build of a tree of all ones: each node adds itself to its parent.
    for (let i = 1; i <= n; i++) {
      this.tree[i] += 1;
      const j = i + (i & -i);
      if (j <= n) this.tree[j] += this.tree[i];
    }
    let top = 1;
    while (top * 2 <= n) top *= 2;
    this.top = n === 0 ? 0 : top;
    this.size = n;
  }

  has(i: number): boolean {
    return this.alive[i] === 1;
  }

  private add(i: number, delta: number): void {
    for (let j = i + 1; j <= this.n; j += j & -j) this.tree[j] += delta;
  }

  remove(i: number): void {
    if (this.alive[i] === 0) return;
    this.alive[i] = 0;
    this.size--;
    this.add(i, -1);
  }

  restore(i: number): void {
    if (this.alive[i] === 1) return;
    this.alive[i] = 1;
    this.size++;
    this.add(i, 1);
  }

  /** The position of the k-th alive element, k 0-based and below size. */
  kth(k: number): number {
    let pos = 0;
    let rest = k;
    for (let step = this.top; step > 0; step >>= 1) {
      const next = pos + step;
      if (next <= this.n && this.tree[next] <= rest) {
        pos = next;
        rest -= this.tree[next];
      }
    }
    return pos; // the 1-based node pos + 1, as a 0-based position
  }
}

/**
 * The tickets of each group (a holder, a shop) as a compressed sparse row: the positions of
 * group g are `posicoes[inicio[g]] … posicoes[inicio[g + 1] − 1]`, in file order.
 */
interface Grupos {
  /** Each ticket's group. */
  de: Int32Array;
  inicio: Int32Array;
  posicoes: Int32Array;
}

function agrupar(de: Int32Array, qtdGrupos: number): Grupos {
  const inicio = new Int32Array(qtdGrupos + 1);
  for (let i = 0; i < de.length; i++) inicio[de[i] + 1]++;
  for (let g = 0; g < qtdGrupos; g++) inicio[g + 1] += inicio[g];
  const proximo = inicio.slice(0, qtdGrupos);
  const posicoes = new Int32Array(de.length);
  for (let i = 0; i < de.length; i++) posicoes[proximo[de[i]]++] = i;
  return { de, inicio, posicoes };
}

const gruposDeTitulares = (b: Bilhetes): Grupos => agrupar(b.titularIds.view(), b.titulares.length);

function gruposDeLojas(b: Bilhetes): Grupos {
  const lojas = b.lojas.view();
  const indice = new Map<number, number>();
  const de = new Int32Array(lojas.length);
  for (let i = 0; i < lojas.length; i++) {
    let g = indice.get(lojas[i]);
    if (g === undefined) {
      g = indice.size;
      indice.set(lojas[i], g);
    }
    de[i] = g;
  }
  return agrupar(de, indice.size);
}

/**
 * The state of a version-2 apuração: which tickets are out for good (won, substituted, an
 * ineligible holder's, a voided sale's) and, with musuario=N / mloja=N, how many prizes each
 * holder / shop holds now. A ticket is in the eligible list when it is not out for good and
 * its holder and shop hold nothing (under N); the Fenwick tree mirrors exactly that.
 */
class EstadoV2 {
  readonly vivos: Vivos;
  private readonly fora: Uint8Array;
  private readonly titulares: Grupos | null;
  private readonly lojas: Grupos | null;
  private readonly premiosDoTitular: Int32Array | null;
  private readonly premiosDaLoja: Int32Array | null;
  private todosTitulares: Grupos | null;

  constructor(
    private readonly bilhetes: Bilhetes,
    opcoes: Opcoes,
  ) {
    const n = bilhetes.length;
    this.vivos = new Vivos(n);
    this.fora = new Uint8Array(n);
    this.titulares = opcoes.musuario === 'N' ? gruposDeTitulares(bilhetes) : null;
    this.lojas = opcoes.mloja === 'N' ? gruposDeLojas(bilhetes) : null;
    this.premiosDoTitular = this.titulares ? new Int32Array(this.titulares.inicio.length - 1) : null;
    this.premiosDaLoja = this.lojas ? new Int32Array(this.lojas.inicio.length - 1) : null;
    this.todosTitulares = this.titulares;
  }

  private elegivel(i: number): boolean {
    if (this.fora[i] === 1) return false;
    if (this.titulares && this.premiosDoTitular![this.titulares.de[i]] > 0) return false;
    if (this.lojas && this.premiosDaLoja![this.lojas.de[i]] > 0) return false;
    return true;
  }

  private atualizar(i: number): void {
    if (this.elegivel(i)) this.vivos.restore(i);
    else this.vivos.remove(i);
  }

  private atualizarGrupo(g: Grupos, grupo: number): void {
    for (let j = g.inicio[grupo]; j < g.inicio[grupo + 1]; j++) this.atualizar(g.posicoes[j]);
  }

  /** Out for good: won, substituted, or left out by an annulment. */
  tirar(i: number): void {
    this.fora[i] = 1;
    this.vivos.remove(i);
  }

  /** Ticket i now holds a prize (delta 1) or no longer does (delta −1). */
  premiado(i: number, delta: 1 | -1): void {
    if (this.titulares) {
      const t = this.titulares.de[i];
      const antes = this.premiosDoTitular![t];
      this.premiosDoTitular![t] += delta;
      if (antes > 0 !== antes + delta > 0) this.atualizarGrupo(this.titulares, t);
    }
    if (this.lojas) {
      const s = this.lojas.de[i];
      const antes = this.premiosDaLoja![s];
      this.premiosDaLoja![s] += delta;
      if (antes > 0 !== antes + delta > 0) this.atualizarGrupo(this.lojas, s);
    }
  }

  /** Every ticket of ticket i's holder, out for good (titular_inelegivel). */
  tirarTitular(i: number): void {
    this.todosTitulares ??= gruposDeTitulares(this.bilhetes);
    const g = this.todosTitulares;
    const t = g.de[i];
    for (let j = g.inicio[t]; j < g.inicio[t + 1]; j++) this.tirar(g.posicoes[j]);
  }

  /** The pick: the ticket at `semente mod size` of the eligible list, or null when it is empty. */
  sortear(semente: bigint): { indice: number | null; passo: PassoV2 } {
    const tamanho = this.vivos.size;
    if (tamanho === 0) return { indice: null, passo: { semente, tamanho, posicao: null } };
    const posicao = Number(semente % BigInt(tamanho));
    return { indice: this.vivos.kth(posicao), passo: { semente, tamanho, posicao } };
  }
}

function sortearV2(
  estado: EstadoV2,
  hashBilhetes: string,
  premios: readonly string[],
  opcoes: Opcoes,
): ApuracaoV2 {
  const ganhadores: number[] = [];
  const passos: PassoV2[] = [];
  for (let k = 1; k <= opcoes.qtd && estado.vivos.size > 0; k++) {
    const { indice, passo } = estado.sortear(semente(hashBilhetes, premios, String(k)));
    if (indice === null) break;
    ganhadores.push(indice);
    passos.push(passo);
    estado.tirar(indice);
    estado.premiado(indice, 1);
  }
  return { ganhadores, passos };
}

/**
 * Version 2's winners (REGRA_APURACAO_V2): prize k goes to the ticket at position
 * SHA-256(`<hash>|<p1>|…|<p5>|<k>`) mod (size) of the eligible list, the file in order minus
 * the earlier winners and, under musuario=N / mloja=N, their holders' / shops' tickets.
 * O((n + qtd + removed tickets) · log n): a city's 2.65 million tickets take well under a
 * second.
 */
export function apurarV2(
  bilhetes: Bilhetes,
  hashBilhetes: string,
  premios: readonly string[],
  opcoes: Opcoes,
): ApuracaoV2 {
  conferir(hashBilhetes, premios); // even for an empty file
  return sortearV2(new EstadoV2(bilhetes, opcoes), hashBilhetes.toLowerCase(), premios, opcoes);
}

/**
 * The winners and, in the order they were scheduled, each substitution: it annuls the
 * prize's current holder (its winner, or its latest substitute) and draws the new one at
 * SHA-256(`<hash>|<q1>|…|<q5>|S<p>`) mod (size) of the list without every ticket that won or
 * substituted here, the annulled holder's every ticket (titular_inelegivel), the voided
 * sale's tickets (venda_anulada) and, under N, the holders / shops now holding a prize. An
 * empty list leaves the prize with no holder (null). Throws RangeError (in Portuguese) for a
 * prize out of range or with no current holder.
 */
export function apurarComSuplentes(
  bilhetes: Bilhetes,
  hashBilhetes: string,
  premios: readonly string[],
  opcoes: Opcoes,
  substituicoes: readonly Substituicao[],
): ApuracaoComSuplentes {
  conferir(hashBilhetes, premios);
  const hash = hashBilhetes.toLowerCase();
  const estado = new EstadoV2(bilhetes, opcoes);
  const { ganhadores, passos } = sortearV2(estado, hash, premios, opcoes);
  const titulares: (number | null)[] = [...ganhadores];
  const suplentes: (number | null)[] = [];
  const passosSuplentes: PassoV2[] = [];
  const anulados: number[] = [];
  substituicoes.forEach((s, i) => {
    const qual = `substituição ${i + 1}`;
    if (!Number.isInteger(s.premio) || s.premio < 1 || s.premio > opcoes.qtd) {
      throw new RangeError(`${qual}: o prêmio ${s.premio} não existe (a apuração tem ${opcoes.qtd})`);
    }
    const atual = s.premio <= titulares.length ? titulares[s.premio - 1] : null;
    if (atual === null) {
      throw new RangeError(`${qual}: o ${s.premio}º prêmio não tem ganhador a anular`);
    }
    const sementeSuplente = sementeV2(hash, s.premios, `S${s.premio}`);
    anulados.push(atual);
    estado.premiado(atual, -1);
    if (s.tipo === 'titular_inelegivel') estado.tirarTitular(atual);
    if (s.tipo === 'venda_anulada') {
      for (const codigo of s.excluidos ?? []) {
        const j = bilhetes.firstAtOrAfter(codigo);
        if (j < bilhetes.length && bilhetes.codigos.at(j) === codigo) estado.tirar(j);
      }
    }
    const { indice, passo } = estado.sortear(sementeSuplente);
    passosSuplentes.push(passo);
    suplentes.push(indice);
    titulares[s.premio - 1] = indice;
    if (indice !== null) {
      estado.tirar(indice);
      estado.premiado(indice, 1);
    }
  });
  return { ganhadores, passos, suplentes, passosSuplentes, anulados };
}
