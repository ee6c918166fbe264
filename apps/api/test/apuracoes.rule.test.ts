import { createHash } from 'node:crypto';
import { APURACAO_CSV_HEADER } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import {
  BilhetesFileError,
  BilhetesFileReader,
  apurarV1 as apurar,
  apurarComSuplentes,
  apurarV1,
  apurarV2,
  bilheteLine,
  pontoDePartida,
  sementeHex,
  sementeV2,
  serieNumero,
  titularDe,
  type Bilhetes,
  type Opcoes,
  type Substituicao,
} from '../src/modules/apuracoes/rule.js';
import { mulberry32 } from './prng.js';

/**
 * The apuração's rule on hand-built ticket files: version 1 (issue 36) step by step, version 2
 * (issue 49) against a naive reference written from the rule's text, the reader's checks with
 * the Portuguese messages a citizen sees from verify-draw, the hash, and the holders'
 * pseudonyms. No database: the rule needs none.
 */

/** A ticket file: the header, then the given lines, `\n` after each. */
const arquivo = (...linhas: string[]): Buffer =>
  Buffer.from([APURACAO_CSV_HEADER, ...linhas].map((l) => `${l}\n`).join(''), 'utf8');

/** Reads bytes the way verify-draw does, in chunks of `tamanho` bytes. */
function ler(bytes: Buffer, tamanho = 65_536): { hash: string; bilhetes: Bilhetes } {
  const reader = new BilhetesFileReader();
  for (let i = 0; i < bytes.length; i += tamanho) reader.feed(bytes.subarray(i, i + tamanho));
  return reader.end();
}

const erroDe = (bytes: Buffer, tamanho?: number): string => {
  try {
    ler(bytes, tamanho);
  } catch (e) {
    expect(e).toBeInstanceOf(BilhetesFileError);
    return (e as Error).message;
  }
  throw new Error('o arquivo foi aceito');
};

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const TODOS: Opcoes = { qtd: 1, mloja: 'S', musuario: 'S' };

/** The winners' série-número, in prize order. */
function ganhadores(bytes: Buffer, premios: string[], opcoes: Partial<Opcoes> = {}): string[] {
  const { bilhetes } = ler(bytes);
  const r = apurar(bilhetes, premios, { ...TODOS, ...opcoes });
  return r.ganhadores.map((i) => {
    const b = bilhetes.bilhete(i);
    return serieNumero(b.serie, b.numero);
  });
}

// Units digits 5, 0, 1, 2, 3 → número 50123; tens digits of the 1st–3rd prizes 4, 9, 1 → 491.
const PREMIOS = ['12345', '67890', '11111', '22222', '33333'];

describe('rule steps 1 and 2: the starting point', () => {
  it('número is the units digits of the 1st to 5th prizes, in that order', () => {
    expect(pontoDePartida(PREMIOS, 0)).toEqual({ serie: 0, numero: 50123 });
    expect(pontoDePartida(['00009', '00008', '00007', '00006', '00005'], 0).numero).toBe(98765);
    expect(pontoDePartida(['99990', '99990', '99990', '99990', '99990'], 0).numero).toBe(0);
  });

  it('S = 1 (only série 000 in the file): série 000 whatever the tens digits', () => {
    expect(pontoDePartida(['99999', '99999', '99999', '99999', '99999'], 0)).toEqual({
      serie: 0,
      numero: 99999,
    });
  });

  it('S > 1: the tens digits of the 1st, 2nd and 3rd prizes as a 3-digit number, modulo S', () => {
    expect(pontoDePartida(PREMIOS, 1).serie).toBe(491 % 2); // 1
    expect(pontoDePartida(PREMIOS, 2).serie).toBe(491 % 3); // 2
    expect(pontoDePartida(PREMIOS, 4).serie).toBe(491 % 5); // 1
    expect(pontoDePartida(PREMIOS, 490).serie).toBe(0); // 491 mod 491
    expect(pontoDePartida(PREMIOS, 999).serie).toBe(491);
    // Leading zero of the 3-digit number: tens 0, 0, 7 → 7.
    expect(pontoDePartida(['00000', '00000', '00070', '00000', '00000'], 9).serie).toBe(7);
    // The 4th and 5th prizes' tens digits play no part.
    expect(pontoDePartida(['12345', '67890', '11111', '99999', '99999'], 999).serie).toBe(491);
  });

  it('S is the highest série in the file + 1, not the number of séries present', () => {
    // Séries 000 and 002 only: S = 3, 491 mod 3 = 2 → start 002-50123 → 002-60000.
    const f = arquivo('000,00005,a,1', '002,50000,b,1', '002,60000,c,1');
    const { bilhetes } = ler(f);
    const r = apurar(bilhetes, PREMIOS, TODOS);
    expect([r.serie, r.numero]).toEqual([2, 50123]);
    expect(ganhadores(f, PREMIOS)).toEqual(['002-60000']);
  });

  it('prizes that are not five 5-digit numbers are refused', () => {
    for (const p of [
      PREMIOS.slice(0, 4),
      [...PREMIOS, '44444'],
      ['1234', '67890', '11111', '22222', '33333'],
      ['123456', '67890', '11111', '22222', '33333'],
      ['1234a', '67890', '11111', '22222', '33333'],
    ]) {
      expect(() => pontoDePartida(p, 0), p.join(',')).toThrow(
        'informe os 5 prêmios do concurso, com 5 algarismos cada',
      );
    }
  });
});

describe('rule step 3: the first winner', () => {
  it('the starting point falls exactly on a ticket: that ticket wins', () => {
    const f = arquivo('000,00010,a,1', '000,50123,b,1', '000,60000,c,1');
    expect(ganhadores(f, PREMIOS)).toEqual(['000-50123']);
  });

  it('the starting número was not issued: the next ticket in file order wins', () => {
    const f = arquivo('000,00010,a,1', '000,50122,b,1', '000,50200,c,1', '000,60000,d,1');
    expect(ganhadores(f, PREMIOS)).toEqual(['000-50200']);
  });

  it('the next ticket may be in the next série', () => {
    // S = 491 (highest série 490), 491 mod 491 = 0: start 000-50123, none after it in série
    // 000, so 001-00003 wins.
    const f = arquivo('000,00010,a,1', '000,50000,b,1', '001,00003,c,1', '490,00000,d,1');
    expect(ganhadores(f, PREMIOS)).toEqual(['001-00003']);
  });

  it('the starting point is after the last ticket: wraps to the first', () => {
    const f = arquivo('000,00010,a,1', '000,00020,b,1', '000,40000,c,1');
    expect(ganhadores(f, PREMIOS)).toEqual(['000-00010']);
  });

  it('a single ticket wins the first prize, and only that one', () => {
    const f = arquivo('000,00000,a,1');
    expect(ganhadores(f, PREMIOS)).toEqual(['000-00000']);
    expect(ganhadores(f, PREMIOS, { qtd: 3 })).toEqual(['000-00000']);
  });

  it('a file with no ticket (the header alone) has no winner', () => {
    const { bilhetes } = ler(arquivo());
    expect(bilhetes.length).toBe(0);
    expect(apurar(bilhetes, PREMIOS, { ...TODOS, qtd: 3 })).toEqual({
      serie: 0,
      numero: 50123,
      ganhadores: [],
    });
  });
});

describe('rule step 4: each next prize after the previous winner', () => {
  it('goes on in file order and wraps from the last ticket to the first', () => {
    const f = arquivo('000,00010,a,1', '000,00020,b,1', '000,50123,c,1', '000,60000,d,1');
    expect(ganhadores(f, PREMIOS, { qtd: 2 })).toEqual(['000-50123', '000-60000']);
    expect(ganhadores(f, PREMIOS, { qtd: 4 })).toEqual(['000-50123', '000-60000', '000-00010', '000-00020']);
  });

  it('wraps across séries too', () => {
    // S = 3, start 002-50123 → 002-60000, then wraps to 000-00005, then 001-00007.
    const f = arquivo('000,00005,a,1', '001,00007,b,1', '002,50000,c,1', '002,60000,d,1');
    expect(ganhadores(f, PREMIOS, { qtd: 4 })).toEqual(['002-60000', '000-00005', '001-00007', '002-50000']);
  });

  it('more prizes than tickets: each ticket wins once, fewer winners than prizes', () => {
    const f = arquivo('000,00010,a,1', '000,00020,b,1');
    expect(ganhadores(f, PREMIOS, { qtd: 5 })).toEqual(['000-00010', '000-00020']);
  });
});

describe('rule step 5: who is eligible', () => {
  // The start 000-50123 falls on A's ticket of shop 1; then A at shop 2, B at shop 1, and
  // (wrapping) C at shop 3.
  const f = arquivo('000,00001,C,3', '000,50123,A,1', '000,50124,A,2', '000,50125,B,1');

  it('musuario=S and mloja=S: every ticket of the file may win', () => {
    expect(ganhadores(f, PREMIOS, { qtd: 4 })).toEqual(['000-50123', '000-50124', '000-50125', '000-00001']);
  });

  it('musuario=N: a holder already a winner is skipped', () => {
    expect(ganhadores(f, PREMIOS, { qtd: 4, musuario: 'N' })).toEqual([
      '000-50123', // A
      '000-50125', // B (A's second ticket skipped)
      '000-00001', // C
    ]);
  });

  it('mloja=N: a ticket from a shop that already gave a prize is skipped', () => {
    expect(ganhadores(f, PREMIOS, { qtd: 4, mloja: 'N' })).toEqual([
      '000-50123', // shop 1
      '000-50124', // shop 2
      '000-00001', // shop 3 (B's ticket of shop 1 skipped)
    ]);
  });

  it('both: neither a holder nor a shop twice', () => {
    expect(ganhadores(f, PREMIOS, { qtd: 4, mloja: 'N', musuario: 'N' })).toEqual([
      '000-50123', // A, shop 1
      '000-00001', // C, shop 3 (A again, then shop 1 again, skipped)
    ]);
  });

  it('a skipped ticket is not lost: it can win a later prize when its holder has not', () => {
    // musuario=N: A wins, A's 2nd skipped; B wins; A's 2nd still skipped; then nobody → 2.
    const g = arquivo('000,50123,A,1', '000,50124,A,1', '000,50125,B,1');
    expect(ganhadores(g, PREMIOS, { qtd: 3, musuario: 'N' })).toEqual(['000-50123', '000-50125']);
    // mloja=N with distinct shops for B: B's shop differs, so both B tickets are not excluded.
    const h = arquivo('000,50123,A,1', '000,50124,A,1', '000,50125,B,2', '000,50126,B,3');
    expect(ganhadores(h, PREMIOS, { qtd: 3, mloja: 'N' })).toEqual(['000-50123', '000-50125', '000-50126']);
  });
});

describe('the ticket file reader', () => {
  const bom = () => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), arquivo('000,00000,a,1')]);

  it('reads the file, whatever the chunk size, into the same tickets', () => {
    const f = arquivo('000,00000,a1B2,7', '000,00034,a1B2,12', '001,00000,Zz9,2147483647');
    for (const tamanho of [1, 2, 7, 40, 65_536]) {
      const { bilhetes, hash } = ler(f, tamanho);
      expect(hash, String(tamanho)).toBe(sha256(f));
      expect([0, 1, 2].map((i) => bilhetes.bilhete(i))).toEqual([
        { serie: 0, numero: 0, titular: 'a1B2', id_estabelecimento: 7 },
        { serie: 0, numero: 34, titular: 'a1B2', id_estabelecimento: 12 },
        { serie: 1, numero: 0, titular: 'Zz9', id_estabelecimento: 2147483647 },
      ]);
    }
  });

  it('the hash is the SHA-256 of the bytes: one changed byte, another hash', () => {
    const f = arquivo('000,00000,a,1', '000,00001,b,2');
    const g = arquivo('000,00000,a,1', '000,00001,b,3');
    expect(ler(f).hash).toBe(sha256(f));
    expect(ler(f).hash).toMatch(/^[0-9a-f]{64}$/);
    expect(ler(g).hash).not.toBe(ler(f).hash);
  });

  it('bilheteLine writes what the reader reads', () => {
    const b = { serie: 3, numero: 42, titular: '0123456789abcdef', id_estabelecimento: 9 };
    expect(bilheteLine(b)).toBe('003,00042,0123456789abcdef,9\n');
    expect(ler(arquivo(bilheteLine(b).slice(0, -1))).bilhetes.bilhete(0)).toEqual(b);
    expect(serieNumero(3, 42)).toBe('003-00042');
  });

  it('a BOM is refused', () => {
    expect(erroDe(bom())).toBe('o arquivo tem BOM; use o original');
    expect(erroDe(bom(), 1)).toBe('o arquivo tem BOM; use o original');
  });

  it('\\r\\n line ends are refused, on the header or any line', () => {
    const crlf = Buffer.from(`${APURACAO_CSV_HEADER}\r\n000,00000,a,1\r\n`);
    expect(erroDe(crlf)).toBe('linha 1: quebra de linha \\r\\n; o arquivo usa só \\n (use o original)');
    const onlyOne = Buffer.from(`${APURACAO_CSV_HEADER}\n000,00000,a,1\n000,00001,a,1\r\n`);
    expect(erroDe(onlyOne)).toBe('linha 3: quebra de linha \\r\\n; o arquivo usa só \\n (use o original)');
  });

  it('a wrong header is refused', () => {
    const esperado = "cabeçalho inesperado; o esperado é 'serie,numero,titular,id_estabelecimento'";
    for (const h of [
      'serie;numero;titular;id_estabelecimento',
      'série,número,titular,id_estabelecimento',
      'posicao;codigo;participante;estabelecimento',
      ' serie,numero,titular,id_estabelecimento',
      '000,00000,a,1',
    ]) {
      expect(erroDe(Buffer.from(`${h}\n000,00000,a,1\n`)), h).toBe(esperado);
    }
  });

  it('série and número must be zero-padded to 3 and 5 digits', () => {
    const formato = (linha: string) =>
      `linha 2: esperado 'série,número,titular,id_estabelecimento' (000,00034,…), lido '${linha}'`;
    for (const linha of ['0,00034,a,1', '00,00034,a,1', '000,34,a,1', '000,0034,a,1', '000,000034,a,1']) {
      expect(erroDe(arquivo(linha)), linha).toBe(formato(linha));
    }
    expect(erroDe(arquivo('0001,00034,a,1'))).toBe("linha 2: série '0001' com zeros demais");
    // A série past 999 is written with its digits, no padding (1000 × 100,000 tickets).
    expect(ler(arquivo('1000,00000,a,1')).bilhetes.bilhete(0).serie).toBe(1000);
  });

  it('other malformed lines: fields, holder, shop, separators, an empty line', () => {
    const formato = (linha: string) =>
      `linha 2: esperado 'série,número,titular,id_estabelecimento' (000,00034,…), lido '${linha}'`;
    for (const linha of [
      '000,00034,a',
      '000,00034,a,1,2',
      '000;00034;a;1',
      '000,00034,,1',
      '000,00034,a-b,1',
      '000,00034,a b,1',
      `000,00034,${'a'.repeat(65)},1`,
      '000,00034,a,0',
      '000,00034,a,01',
      '000,00034,a,-1',
      '',
    ]) {
      expect(erroDe(arquivo(linha)), linha).toBe(formato(linha));
    }
  });

  it('an empty shop is a ticket with no shop (a file of mloja=S names none, issue 49), on both parsers', () => {
    const reader = new BilhetesFileReader();
    reader.feed(Buffer.from(`${APURACAO_CSV_HEADER}\n000,00034,a,\n001,00002,b,\n1000,00003,c,\n`));
    const { bilhetes } = reader.end();
    expect([0, 1, 2].map((i) => bilhetes.bilhete(i))).toEqual([
      { serie: 0, numero: 34, titular: 'a', id_estabelecimento: 0 },
      { serie: 1, numero: 2, titular: 'b', id_estabelecimento: 0 },
      { serie: 1000, numero: 3, titular: 'c', id_estabelecimento: 0 },
    ]);
  });

  it('a non-ASCII holder is reported as read, even split across chunks', () => {
    const f = arquivo('000,00034,José,1');
    for (const tamanho of [1, 65_536]) {
      expect(erroDe(f, tamanho)).toContain("lido '000,00034,José,1'");
    }
  });

  it('out of order or repeated tickets are refused', () => {
    expect(erroDe(arquivo('000,00002,a,1', '000,00001,a,1'))).toBe(
      'linha 3: bilhetes fora de ordem (000-00001)',
    );
    expect(erroDe(arquivo('001,00000,a,1', '000,99999,a,1'))).toBe(
      'linha 3: bilhetes fora de ordem (000-99999)',
    );
    expect(erroDe(arquivo('000,00001,a,1', '000,00002,a,1', '000,00002,b,1'))).toBe(
      'linha 4: bilhetes fora de ordem (000-00002)',
    );
  });

  it('a série too large for the file is refused', () => {
    expect(ler(arquivo('21474,00000,a,1')).bilhetes.bilhete(0).serie).toBe(21474);
    expect(erroDe(arquivo('21475,00000,a,1'))).toBe("linha 2: série '21475' grande demais");
    expect(erroDe(arquivo('99999999999999999999,00000,a,1'))).toBe(
      "linha 2: série '99999999999999999999' grande demais",
    );
  });

  it('a shop id too large is refused, not wrapped to another shop', () => {
    // 4294967297 would be stored as 1 in a 32-bit column: the same shop as id 1 for mloja=N.
    expect(erroDe(arquivo('000,00000,a,1', '000,00001,b,4294967297'))).toBe(
      "linha 3: id_estabelecimento '4294967297' grande demais",
    );
    expect(erroDe(arquivo('000,00000,a,2147483648'))).toBe(
      "linha 2: id_estabelecimento '2147483648' grande demais",
    );
  });

  it('a missing final \\n, or a file cut in the middle of a line, is refused', () => {
    const inteiro = arquivo('000,00000,a,1', '000,00001,b,2');
    expect(erroDe(inteiro.subarray(0, inteiro.length - 1))).toBe(
      'linha 3: sem \\n no fim (arquivo cortado?)',
    );
    expect(erroDe(inteiro.subarray(0, inteiro.length - 5))).toBe(
      'linha 3: sem \\n no fim (arquivo cortado?)',
    );
    expect(erroDe(Buffer.from(APURACAO_CSV_HEADER))).toBe('linha 1: sem \\n no fim (arquivo cortado?)');
    expect(erroDe(Buffer.alloc(0))).toBe('arquivo vazio');
  });
});

describe('titularDe: the holder pseudonym', () => {
  it('is stable for one apuração and person, 16 hex digits', () => {
    const t = titularDe('segredo', 7, 42);
    expect(t).toMatch(/^[0-9a-f]{16}$/);
    expect(titularDe('segredo', 7, 42)).toBe(t);
    // A valid holder of the ticket file.
    expect(ler(arquivo(`000,00000,${t},1`)).bilhetes.bilhete(0).titular).toBe(t);
  });

  it('differs per apuração, per person and per secret', () => {
    const t = titularDe('segredo', 7, 42);
    expect(titularDe('segredo', 8, 42)).not.toBe(t);
    expect(titularDe('segredo', 7, 43)).not.toBe(t);
    expect(titularDe('outro', 7, 42)).not.toBe(t);
    // No confusion between the apuração and the person: (7, 42) is not (42, 7) nor (74, 2).
    expect(titularDe('segredo', 42, 7)).not.toBe(t);
    expect(titularDe('segredo', 74, 2)).not.toBe(t);
    const many = new Set<string>();
    for (let u = 1; u <= 1000; u++) many.add(titularDe('segredo', 7, u));
    expect(many.size).toBe(1000);
  });
});

describe('version 1 keeps its name', () => {
  it('apurar is apurarV1', () => {
    expect(apurar).toBe(apurarV1);
  });
});

// ── Version 2 (issue 49) ─────────────────────────────────────────────────────────────────

interface BilheteRef {
  codigo: number;
  titular: string;
  loja: number;
}

interface ResultadoRef {
  ganhadores: number[];
  suplentes: (number | null)[];
  /** The prizes' holders after every substitution (null: none). */
  titulares: (number | null)[];
}

/**
 * Rule version 2 as its text reads, with nothing clever: each prize rebuilds its eligible
 * list from the whole file and takes SHA-256(…) mod its length. Throws (any error) where the
 * rule has no answer: a substitution of a prize that has no holder or does not exist.
 */
function referenciaV2(
  arquivo: readonly BilheteRef[],
  hash: string,
  premios: readonly string[],
  opcoes: Opcoes,
  substituicoes: readonly Substituicao[] = [],
): ResultadoRef {
  const semente = (q: readonly string[], sufixo: string) =>
    BigInt(
      `0x${createHash('sha256')
        .update(`${hash}|${q.join('|')}|${sufixo}`, 'utf8')
        .digest('hex')}`,
    );
  const escolher = (lista: number[], s: bigint) => lista[Number(s % BigInt(lista.length))];
  const todos = arquivo.map((_, i) => i);

  const ganhadores: number[] = [];
  for (let k = 1; k <= opcoes.qtd; k++) {
    const lista = todos.filter(
      (i) =>
        !ganhadores.includes(i) &&
        (opcoes.musuario === 'S' || !ganhadores.some((g) => arquivo[g].titular === arquivo[i].titular)) &&
        (opcoes.mloja === 'S' || !ganhadores.some((g) => arquivo[g].loja === arquivo[i].loja)),
    );
    if (lista.length === 0) break;
    ganhadores.push(escolher(lista, semente(premios, String(k))));
  }

  const titulares: (number | null)[] = [...ganhadores];
  const jaUsados = new Set<number>(ganhadores);
  const inelegiveis = new Set<string>();
  const vendasAnuladas = new Set<number>();
  const suplentes: (number | null)[] = [];
  for (const s of substituicoes) {
    if (s.premio < 1 || s.premio > opcoes.qtd) throw new Error('prêmio fora da apuração');
    const atual = titulares[s.premio - 1];
    if (atual === null || atual === undefined) throw new Error('prêmio sem ganhador');
    titulares[s.premio - 1] = null; // annulled
    if (s.tipo === 'titular_inelegivel') inelegiveis.add(arquivo[atual].titular);
    if (s.tipo === 'venda_anulada') for (const c of s.excluidos ?? []) vendasAnuladas.add(c);
    const comPremio = titulares.filter((t): t is number => t !== null);
    const lista = todos.filter(
      (i) =>
        !jaUsados.has(i) &&
        !inelegiveis.has(arquivo[i].titular) &&
        !vendasAnuladas.has(arquivo[i].codigo) &&
        (opcoes.musuario === 'S' || !comPremio.some((g) => arquivo[g].titular === arquivo[i].titular)) &&
        (opcoes.mloja === 'S' || !comPremio.some((g) => arquivo[g].loja === arquivo[i].loja)),
    );
    const novo = lista.length === 0 ? null : escolher(lista, semente(s.premios, `S${s.premio}`));
    suplentes.push(novo);
    titulares[s.premio - 1] = novo;
    if (novo !== null) jaUsados.add(novo);
  }
  return { ganhadores, suplentes, titulares };
}

const TIPOS = ['nao_localizado', 'titular_inelegivel', 'venda_anulada'] as const;

/** 5 different 5-digit prizes. */
function premiosAleatorios(rnd: () => number): string[] {
  const out = new Set<string>();
  while (out.size < 5) out.add(String(Math.floor(rnd() * 100_000)).padStart(5, '0'));
  return [...out];
}

/** A random ticket file: rising codes across séries, a few holders and shops, often repeated. */
function arquivoAleatorio(rnd: () => number, n: number): { bytes: Buffer; ref: BilheteRef[] } {
  const qtdTitulares = 1 + Math.floor(rnd() * Math.max(1, n / 2));
  const qtdLojas = 1 + Math.floor(rnd() * 6);
  const ref: BilheteRef[] = [];
  let codigo = Math.floor(rnd() * 50);
  for (let i = 0; i < n; i++) {
    ref.push({
      codigo,
      titular: `t${Math.floor(rnd() * qtdTitulares)}`,
      loja: 1 + Math.floor(rnd() * qtdLojas),
    });
    codigo += 1 + Math.floor(rnd() * (rnd() < 0.1 ? 150_000 : 30));
  }
  const linhas = ref.map((b) =>
    bilheteLine({
      serie: Math.floor(b.codigo / 100_000),
      numero: b.codigo % 100_000,
      titular: b.titular,
      id_estabelecimento: b.loja,
    }).slice(0, -1),
  );
  return { bytes: arquivo(...linhas), ref };
}

/** The docs' example file (docs/apuracao.md): 8 tickets, 6 holders, 4 shops. */
const EXEMPLO = arquivo(
  '000,00012,4759c092ffe78df3,3',
  '000,20458,a3fe90f6825757bf,5',
  '000,37001,71d67a19fa90e197,3',
  '001,05230,4759c092ffe78df3,5',
  '001,40315,4525d8cbba8f2ba6,3',
  '001,40316,4525d8cbba8f2ba6,7',
  '001,88004,6f1175da7628b8ec,3',
  '001,91777,49fc63187e8d340e,8',
);
const PREMIOS_EXEMPLO = ['48213', '05977', '61350', '29086', '73552'];
const Q_EXEMPLO = ['90517', '33260', '04482', '71938', '16605'];

const nomes = (bilhetes: Bilhetes, indices: readonly (number | null)[]) =>
  indices.map((i) => {
    if (i === null) return null;
    const b = bilhetes.bilhete(i);
    return serieNumero(b.serie, b.numero);
  });

describe('version 2: the seed', () => {
  it('is the SHA-256 of "<hash>|<p1>|…|<p5>|<k>" read big-endian, the hash in lower case', () => {
    const hash = 'ab'.repeat(32);
    const texto = `${hash}|48213|05977|61350|29086|73552|1`;
    const esperado = BigInt(`0x${createHash('sha256').update(texto).digest('hex')}`);
    expect(sementeV2(hash, PREMIOS_EXEMPLO, '1')).toBe(esperado);
    expect(sementeV2(hash.toUpperCase(), PREMIOS_EXEMPLO, '1')).toBe(esperado);
    const s2 = BigInt(
      `0x${createHash('sha256').update(`${hash}|48213|05977|61350|29086|73552|S2`).digest('hex')}`,
    );
    expect(sementeV2(hash, PREMIOS_EXEMPLO, 'S2')).toBe(s2);
    expect(sementeHex(esperado)).toBe(createHash('sha256').update(texto).digest('hex'));
    // A seed with leading zero digits still prints 64 of them.
    expect(sementeHex(5n)).toBe(`${'0'.repeat(63)}5`);
  });

  it('refuses a hash that is not 64 hex digits and prizes that are not five 5-digit numbers', () => {
    expect(() => sementeV2('abc', PREMIOS_EXEMPLO, '1')).toThrow(RangeError);
    expect(() => sementeV2('ab'.repeat(32), PREMIOS_EXEMPLO.slice(0, 4), '1')).toThrow(
      'informe os 5 prêmios do concurso, com 5 algarismos cada',
    );
  });
});

describe('version 2: the worked example of docs/apuracao.md', () => {
  const { hash, bilhetes } = ler(EXEMPLO);

  it('hash, seeds, list sizes, positions and winners', () => {
    expect(hash).toBe('bb202a322c5737478b01913782697de0e669add56d39739a3c8f69a7eecd4ba7');
    const r = apurarV2(bilhetes, hash, PREMIOS_EXEMPLO, { qtd: 3, mloja: 'N', musuario: 'N' });
    expect(nomes(bilhetes, r.ganhadores)).toEqual(['000-20458', '001-91777', '001-40316']);
    expect(r.passos.map((p) => [sementeHex(p.semente), p.tamanho, p.posicao])).toEqual([
      ['c423f55fbdaacf322743159ecdce6bb0d9c755e77a8785ab831631b277cf8471', 8, 1],
      ['c91a5b6e3c6c9bca7d9378c73179a492cec804f4b9ba526548f9442e1d74d893', 6, 5],
      ['005891285c2da8b2e8284a68f739c5dd61d3917aca501563298a839067058a08', 5, 3],
    ]);
    // Repeats allowed: the same seeds over longer lists.
    const ss = apurarV2(bilhetes, hash, PREMIOS_EXEMPLO, { qtd: 3, mloja: 'S', musuario: 'S' });
    expect(nomes(bilhetes, ss.ganhadores)).toEqual(['000-20458', '000-37001', '001-88004']);
    expect(ss.passos.map((p) => p.tamanho)).toEqual([8, 7, 6]);
  });

  it("the 2nd prize's substitute, and the kinds of annulment", () => {
    const opcoes: Opcoes = { qtd: 3, mloja: 'N', musuario: 'N' };
    const r = apurarComSuplentes(bilhetes, hash, PREMIOS_EXEMPLO, opcoes, [
      { premio: 2, premios: Q_EXEMPLO, tipo: 'nao_localizado' },
    ]);
    expect(nomes(bilhetes, r.ganhadores)).toEqual(['000-20458', '001-91777', '001-40316']);
    expect(nomes(bilhetes, r.anulados)).toEqual(['001-91777']);
    // Left: 000-00012, 000-37001 and 001-88004 (shops 5, 7 and holder 4525… hold prizes).
    expect(nomes(bilhetes, r.suplentes)).toEqual(['000-37001']);
    expect(r.passosSuplentes.map((p) => [sementeHex(p.semente), p.tamanho, p.posicao])).toEqual([
      ['99e185eecae27e49805e92d7379eaf08211dbd89a5e1c329ef962c60a65373bf', 3, 1],
    ]);
    // The 3rd prize's holder annulled: its holder's other ticket 001-40315 comes back…
    const nl = apurarComSuplentes(bilhetes, hash, PREMIOS_EXEMPLO, opcoes, [
      { premio: 3, premios: Q_EXEMPLO, tipo: 'nao_localizado' },
    ]);
    expect(nl.passosSuplentes[0].tamanho).toBe(4);
    expect(nomes(bilhetes, nl.suplentes)).toEqual(['000-00012']);
    // …unless the holder was declared ineligible; a voided sale leaves its tickets out.
    const ti = apurarComSuplentes(bilhetes, hash, PREMIOS_EXEMPLO, opcoes, [
      { premio: 3, premios: Q_EXEMPLO, tipo: 'titular_inelegivel' },
    ]);
    expect(ti.passosSuplentes[0].tamanho).toBe(3);
    const va = apurarComSuplentes(bilhetes, hash, PREMIOS_EXEMPLO, opcoes, [
      { premio: 3, premios: Q_EXEMPLO, tipo: 'venda_anulada', excluidos: [40_315 + 100_000, 12] },
    ]);
    expect(va.passosSuplentes[0].tamanho).toBe(2);
    // excluidos count only for venda_anulada.
    const ignorados = apurarComSuplentes(bilhetes, hash, PREMIOS_EXEMPLO, opcoes, [
      { premio: 3, premios: Q_EXEMPLO, tipo: 'nao_localizado', excluidos: [12] },
    ]);
    expect(ignorados.passosSuplentes[0].tamanho).toBe(4);
  });

  it('a substitution of a prize with no holder, or out of range, is a RangeError', () => {
    const opcoes: Opcoes = { qtd: 3, mloja: 'N', musuario: 'N' };
    const q = { premios: Q_EXEMPLO, tipo: 'nao_localizado' } as const;
    for (const premio of [0, 4, -1, 1.5]) {
      expect(() => apurarComSuplentes(bilhetes, hash, PREMIOS_EXEMPLO, opcoes, [{ premio, ...q }])).toThrow(
        RangeError,
      );
    }
    expect(() => apurarComSuplentes(bilhetes, hash, PREMIOS_EXEMPLO, opcoes, [{ premio: 4, ...q }])).toThrow(
      'substituição 1: o prêmio 4 não existe (a apuração tem 3)',
    );
    // One ticket, two prizes: the 2nd was never awarded.
    const um = ler(arquivo('000,00000,a,1'));
    expect(() =>
      apurarComSuplentes(um.bilhetes, um.hash, PREMIOS_EXEMPLO, { ...opcoes, qtd: 2 }, [{ premio: 2, ...q }]),
    ).toThrow('substituição 1: o 2º prêmio não tem ganhador a anular');
    // The 1st annulled with nobody left: no holder (null), and a second annulment of it fails.
    const r = apurarComSuplentes(um.bilhetes, um.hash, PREMIOS_EXEMPLO, opcoes, [{ premio: 1, ...q }]);
    expect(r.suplentes).toEqual([null]);
    expect(r.passosSuplentes).toEqual([expect.objectContaining({ tamanho: 0, posicao: null })]);
    expect(() =>
      apurarComSuplentes(um.bilhetes, um.hash, PREMIOS_EXEMPLO, opcoes, [
        { premio: 1, ...q },
        { premio: 1, ...q },
      ]),
    ).toThrow('substituição 2: o 1º prêmio não tem ganhador a anular');
  });

  it('an empty file has no winner; fewer tickets than prizes, fewer winners', () => {
    const vazio = ler(arquivo());
    expect(apurarV2(vazio.bilhetes, vazio.hash, PREMIOS_EXEMPLO, { ...TODOS, qtd: 3 })).toEqual({
      ganhadores: [],
      passos: [],
    });
    const r = apurarV2(bilhetes, hash, PREMIOS_EXEMPLO, { qtd: 100, mloja: 'N', musuario: 'S' });
    expect(r.ganhadores).toHaveLength(4); // 4 shops
    expect(apurarV2(bilhetes, hash, PREMIOS_EXEMPLO, { ...TODOS, qtd: 100 }).ganhadores.sort()).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7,
    ]);
  });
});

describe('version 2 against the reference, on random files', () => {
  const OPCOES = [
    ['S', 'S'],
    ['S', 'N'],
    ['N', 'S'],
    ['N', 'N'],
  ] as const;

  it('winners and substitutes agree for every combination of musuario and mloja', () => {
    const rnd = mulberry32(49);
    let casos = 0;
    let suplentesNulos = 0;
    for (let caso = 0; caso < 250; caso++) {
      const n = 1 + Math.floor(rnd() * (rnd() < 0.2 ? 300 : 40));
      const { bytes, ref } = arquivoAleatorio(rnd, n);
      const { hash, bilhetes } = ler(bytes, 1 + Math.floor(rnd() * 200));
      const premios = premiosAleatorios(rnd);
      for (const [musuario, mloja] of OPCOES) {
        const opcoes: Opcoes = { qtd: 1 + Math.floor(rnd() * 12), musuario, mloja };
        const esperado = referenciaV2(ref, hash, premios, opcoes);
        expect(apurarV2(bilhetes, hash, premios, opcoes).ganhadores).toEqual(esperado.ganhadores);

        // A random sequence of annulments, each of a prize that has a holder at that moment.
        const subs: Substituicao[] = [];
        let titulares = esperado.titulares;
        const quantas = Math.floor(rnd() * 6);
        for (let j = 0; j < quantas; j++) {
          const comTitular = titulares.flatMap((t, p) => (t === null ? [] : [p + 1]));
          if (comTitular.length === 0) break;
          const premio = comTitular[Math.floor(rnd() * comTitular.length)];
          const tipo = TIPOS[Math.floor(rnd() * TIPOS.length)];
          const sub: Substituicao = { premio, premios: premiosAleatorios(rnd), tipo };
          if (tipo === 'venda_anulada') {
            // The annulled ticket, some others of the file, and a code not in it.
            const holder = titulares[premio - 1]!;
            const excluidos = [ref[holder].codigo, 99_999_999];
            for (const b of ref) if (rnd() < 0.15) excluidos.push(b.codigo);
            sub.excluidos = excluidos;
          }
          subs.push(sub);
          titulares = referenciaV2(ref, hash, premios, opcoes, subs).titulares;
        }
        const r = apurarComSuplentes(bilhetes, hash, premios, opcoes, subs);
        const e = referenciaV2(ref, hash, premios, opcoes, subs);
        expect(r.ganhadores).toEqual(e.ganhadores);
        expect(r.suplentes).toEqual(e.suplentes);
        expect(r.suplentes).toHaveLength(subs.length);
        suplentesNulos += r.suplentes.filter((s) => s === null).length;
        casos++;
      }
    }
    expect(casos).toBe(1000);
    expect(suplentesNulos).toBeGreaterThan(0); // the empty list was exercised too
  });

  it('a substitution the reference refuses is a RangeError here', () => {
    const rnd = mulberry32(7);
    for (let caso = 0; caso < 100; caso++) {
      const { bytes, ref } = arquivoAleatorio(rnd, 1 + Math.floor(rnd() * 6));
      const { hash, bilhetes } = ler(bytes);
      const premios = premiosAleatorios(rnd);
      const opcoes: Opcoes = { qtd: 1 + Math.floor(rnd() * 4), musuario: 'N', mloja: 'N' };
      const subs: Substituicao[] = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => ({
        premio: Math.floor(rnd() * 6),
        premios: premiosAleatorios(rnd),
        tipo: 'nao_localizado',
      }));
      let refErro = false;
      let e: ResultadoRef | null = null;
      try {
        e = referenciaV2(ref, hash, premios, opcoes, subs);
      } catch {
        refErro = true;
      }
      if (refErro) {
        expect(() => apurarComSuplentes(bilhetes, hash, premios, opcoes, subs)).toThrow(RangeError);
      } else {
        expect(apurarComSuplentes(bilhetes, hash, premios, opcoes, subs).suplentes).toEqual(e!.suplentes);
      }
    }
  });

  it('lists whose size is a power of two, and the tree edges (first and last ticket)', () => {
    const rnd = mulberry32(2);
    const vistos = new Set<string>();
    for (const n of [1, 2, 3, 4, 7, 8, 9, 16, 17, 64, 1024, 1025]) {
      const { bytes, ref } = arquivoAleatorio(rnd, n);
      const { hash, bilhetes } = ler(bytes);
      for (let c = 0; c < 20; c++) {
        const premios = premiosAleatorios(rnd);
        const opcoes: Opcoes = { qtd: 5, musuario: 'S', mloja: 'S' };
        const r = apurarV2(bilhetes, hash, premios, opcoes);
        expect(r.ganhadores).toEqual(referenciaV2(ref, hash, premios, opcoes).ganhadores);
        if (r.ganhadores.includes(0)) vistos.add('primeiro');
        if (r.ganhadores.includes(n - 1)) vistos.add('último');
      }
    }
    expect(vistos).toEqual(new Set(['primeiro', 'último']));
  });
});
