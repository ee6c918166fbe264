import { createHash } from 'node:crypto';
import { APURACAO_CSV_HEADER } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import {
  BilhetesFileError,
  BilhetesFileReader,
  apurar,
  bilheteLine,
  pontoDePartida,
  serieNumero,
  titularDe,
  type Bilhetes,
  type Opcoes,
} from '../src/modules/apuracoes/rule.js';

/**
 * The apuração's rule (issue 36) on hand-built ticket files: every step of the rule, the
 * reader's checks with the Portuguese messages a citizen sees from verify-draw, the hash, and
 * the holders' pseudonyms. No database: the rule needs none.
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
      '000,00034,a,',
      '',
    ]) {
      expect(erroDe(arquivo(linha)), linha).toBe(formato(linha));
    }
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
