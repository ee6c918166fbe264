import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import { main as verifyDrawMain } from '../src/cli/verify-draw.js';

/**
 * `npm run verify-draw -- --bilhetes … --premios …` (issues 36 and 49), run as a citizen runs
 * it: a child process from the repository, no database, a hand-built ticket file. The file and
 * prizes are the worked example of docs/apuracao.md, so the numbers printed there are these.
 */

const EXEMPLO = [
  'serie,numero,titular,id_estabelecimento',
  '000,00012,4759c092ffe78df3,3',
  '000,20458,a3fe90f6825757bf,5',
  '000,37001,71d67a19fa90e197,3',
  '001,05230,4759c092ffe78df3,5',
  '001,40315,4525d8cbba8f2ba6,3',
  '001,40316,4525d8cbba8f2ba6,7',
  '001,88004,6f1175da7628b8ec,3',
  '001,91777,49fc63187e8d340e,8',
]
  .map((l) => `${l}\n`)
  .join('');
const PREMIOS = '48213,05977,61350,29086,73552';
const HASH = createHash('sha256').update(EXEMPLO).digest('hex');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-verify-'));
const arquivo = path.join(dir, 'bilhetes.csv');
fs.writeFileSync(arquivo, EXEMPLO);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Saida {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command with tsx, as `npm run verify-draw` does, with no database reachable. */
async function verifyDraw(args: string[]): Promise<Saida> {
  const run = promisify(execFile);
  try {
    const r = await run(
      path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
      ['apps/api/src/cli/verify-draw.ts', ...args],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: 'postgres://ninguem@127.0.0.1:1/nada' },
      },
    );
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const f = e as { code: number; stdout: string; stderr: string };
    return { code: f.code, stdout: f.stdout, stderr: f.stderr };
  }
}

/** The command in this process (for the many argument errors, each a second faster). */
async function emProcesso(args: string[]): Promise<Saida> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await verifyDrawMain(
    args,
    (l) => out.push(l),
    (l) => err.push(l),
    dir,
  );
  return { code, stdout: out.map((l) => `${l}\n`).join(''), stderr: err.map((l) => `${l}\n`).join('') };
}

describe('verify-draw --bilhetes --regra 1: the apuração checked offline', () => {
  it('prints the hash, S, the starting point and the winners in prize order; exit 0', async () => {
    const r = await verifyDraw([
      '--regra',
      '1',
      '--bilhetes',
      arquivo,
      '--premios',
      PREMIOS,
      '--qtd',
      '3',
      '--mloja',
      'N',
      '--musuario',
      'N',
    ]);
    expect(r).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        `Arquivo de bilhetes: ${arquivo}`,
        `SHA-256 do arquivo (hash_bilhetes): ${HASH}`,
        'Regra (--regra): versão 1 (apurações antigas)',
        'Bilhetes no arquivo: 8',
        'S (maior série + 1): 2',
        'Prêmios do concurso (1º a 5º): 48213, 05977, 61350, 29086, 73552',
        'Ponto de partida (série-número): 001-37062',
        'Prêmios a apurar (--qtd): 3',
        '--mloja N: a mesma loja não dá dois prêmios',
        '--musuario N: o mesmo titular não ganha dois prêmios',
        'Ganhadores, na ordem dos prêmios:',
        '1º prêmio: 001-40315, titular 4525d8cbba8f2ba6, id_estabelecimento 3',
        '2º prêmio: 001-91777, titular 49fc63187e8d340e, id_estabelecimento 8',
        '3º prêmio: 000-20458, titular a3fe90f6825757bf, id_estabelecimento 5',
        'Confira o SHA-256 com o hash_bilhetes publicado antes do concurso: se forem iguais, o arquivo é o original.',
        '',
      ].join('\n'),
    });
  }, 30_000);

  it('--qtd defaults to 1, --mloja and --musuario to S; --hash that matches says so', async () => {
    const r = await verifyDraw([
      '--bilhetes',
      arquivo,
      '--premios',
      PREMIOS,
      `--hash=${HASH.toUpperCase()}`,
      '--regra=1',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Hash informado (--hash): ${HASH} (confere: é o arquivo publicado)\n`);
    expect(r.stdout).toContain('Prêmios a apurar (--qtd): 1\n');
    expect(r.stdout).toContain('--mloja S: a mesma loja pode dar mais de um prêmio\n');
    expect(r.stdout).toContain('--musuario S: o mesmo titular pode ganhar mais de um prêmio\n');
    expect(r.stdout).toMatch(/Ganhadores, na ordem dos prêmios:\n1º prêmio: 001-40315, [^\n]*\n$/);
    // With S and S, the same holder and the same shop win again.
    const tres = await emProcesso([
      '--bilhetes',
      arquivo,
      '--premios',
      PREMIOS,
      '--qtd',
      '3',
      '--regra',
      '1',
    ]);
    expect(tres.stdout).toContain(
      [
        '1º prêmio: 001-40315, titular 4525d8cbba8f2ba6, id_estabelecimento 3',
        '2º prêmio: 001-40316, titular 4525d8cbba8f2ba6, id_estabelecimento 7',
        '3º prêmio: 001-88004, titular 6f1175da7628b8ec, id_estabelecimento 3',
      ].join('\n'),
    );
  }, 30_000);

  it('a hash that does not match: exit 2, a message, no winners', async () => {
    const outro = '0'.repeat(64);
    const r = await verifyDraw(['--bilhetes', arquivo, '--premios', PREMIOS, '--hash', outro]);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain(`SHA-256 do arquivo (hash_bilhetes): ${HASH}\n`);
    expect(r.stdout).toContain(`Hash informado (--hash): ${outro} (NÃO confere)\n`);
    expect(r.stdout).not.toContain('prêmio:');
    expect(r.stderr).toBe(
      'O SHA-256 do arquivo não confere com o hash informado: este não é o arquivo publicado. Baixe de novo o arquivo de bilhetes da apuração.\n',
    );
  }, 30_000);

  it('a malformed file or a missing one: exit 1 with the line at fault', async () => {
    const crlf = path.join(dir, 'crlf.csv');
    fs.writeFileSync(crlf, EXEMPLO.replace(/\n/g, '\r\n'));
    const r = await verifyDraw(['--bilhetes', crlf, '--premios', PREMIOS]);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `Arquivo de bilhetes malformado (${crlf}): linha 1: quebra de linha \\r\\n; o arquivo usa só \\n (use o original)\n`,
    });
    const cortado = path.join(dir, 'cortado.csv');
    fs.writeFileSync(cortado, EXEMPLO.slice(0, -10));
    expect((await emProcesso(['--bilhetes', 'cortado.csv', '--premios', PREMIOS])).stderr).toBe(
      `Arquivo de bilhetes malformado (${cortado}): linha 9: sem \\n no fim (arquivo cortado?)\n`,
    );
    const ausente = await verifyDraw(['--bilhetes', '/nao/existe.csv', '--premios', PREMIOS]);
    expect(ausente).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Não foi possível ler o arquivo /nao/existe.csv: arquivo não encontrado\n',
    });
    const pasta = await emProcesso(['--bilhetes', dir, '--premios', PREMIOS]);
    expect(pasta).toMatchObject({
      code: 1,
      stderr: `Não foi possível ler o arquivo ${dir}: é uma pasta, não um arquivo\n`,
    });
  }, 30_000);

  it('bad arguments: exit 1, the error and the usage', async () => {
    const r = await verifyDraw(['--bilhetes', arquivo, '--premios', '48213,05977,61350,29086']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'Erro: Informe os 5 primeiros prêmios do concurso, com 5 dígitos cada, separados por vírgula (--premios 12345,67890,11111,22222,33333).\n' +
        'Uso: npm run verify-draw -- --bilhetes <arquivo.csv> --premios 12345,67890,11111,22222,33333 [--qtd 3] [--mloja N] [--musuario N] [--hash <sha256 publicado>] [--regra 1|2] [--suplente <prêmio>:<q1,q2,q3,q4,q5>[:<tipo>[:<série-número>+<série-número>…]]]…\n',
    );
    const casos: [string[], string][] = [
      [['--premios', PREMIOS], 'informe o arquivo de bilhetes com --bilhetes'],
      [['--bilhetes', arquivo], 'Informe os 5 primeiros prêmios do concurso'],
      [
        ['--bilhetes', arquivo, '--premios', '48213,05977,61350,29086,7355'],
        'Informe os 5 primeiros prêmios',
      ],
      [
        ['--bilhetes', arquivo, '--premios', '48213,05977,61350,29086,73552,1'],
        'Informe os 5 primeiros prêmios',
      ],
      [['--bilhetes', arquivo, '--premios', PREMIOS, '--qtd', '0'], '--qtd: Informe quantos prêmios'],
      [['--bilhetes', arquivo, '--premios', PREMIOS, '--qtd', '101'], '--qtd: Informe quantos prêmios'],
      [['--bilhetes', arquivo, '--premios', PREMIOS, '--qtd', '2.5'], '--qtd: Informe quantos prêmios'],
      [['--bilhetes', arquivo, '--premios', PREMIOS, '--mloja', 'talvez'], '--mloja deve ser S'],
      [['--bilhetes', arquivo, '--premios', PREMIOS, '--musuario', 'x'], '--musuario deve ser S'],
      [['--bilhetes', arquivo, '--premios', PREMIOS, '--hash', 'abc'], '--hash deve ter os 64 algarismos'],
      [['--bilhetes', arquivo, '--premios', PREMIOS, '--qtd'], 'falta o valor de --qtd'],
      [['--bilhetes', '--premios', PREMIOS], 'falta o valor de --bilhetes'],
      [
        ['--bilhetes', arquivo, '--premios', PREMIOS, '--premios', PREMIOS],
        '--premios informado mais de uma vez',
      ],
      [['--bilhetes', arquivo, '--premios', PREMIOS, '--seed', 'x'], "argumento desconhecido '--seed'"],
      [['--bilhetes', arquivo, '--premios', PREMIOS, 'sobrando'], "argumento desconhecido 'sobrando'"],
    ];
    for (const [args, msg] of casos) {
      const e = await emProcesso(args);
      expect(e.code, args.join(' ')).toBe(1);
      expect(e.stdout, args.join(' ')).toBe('');
      expect(e.stderr, args.join(' ')).toContain(`Erro: ${msg}`);
    }
    // Lower-case s/n and spaces in the prizes are accepted; a relative path is from the cwd.
    const ok = await emProcesso([
      '--bilhetes=bilhetes.csv',
      '--premios',
      ' 48213, 05977,61350 ,29086,73552',
      '--mloja',
      'n',
    ]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('--mloja N: a mesma loja não dá dois prêmios\n');
  }, 30_000);

  it('fewer eligible tickets than prizes: fewer winners, said plainly', async () => {
    const r = await emProcesso([
      '--regra',
      '1',
      '--bilhetes',
      arquivo,
      '--premios',
      PREMIOS,
      '--qtd',
      '5',
      '--mloja',
      'N',
      '--musuario',
      'N',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('3º prêmio: 000-20458, titular a3fe90f6825757bf, id_estabelecimento 5\n');
    expect(r.stdout).not.toContain('4º prêmio');
    expect(r.stdout).toContain('Apenas 3 ganhador(es) para 5 prêmio(s): não há mais bilhetes elegíveis.\n');
  });

  it('the 5 prizes must be different', async () => {
    const r = await emProcesso(['--bilhetes', arquivo, '--premios', '48213,05977,48213,29086,73552']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'Erro: Os 5 prêmios do concurso são diferentes entre si; confira os números.\n',
    );
  });

  it('the instant draw mode is untouched: a missing seed is still its usage, exit 1', async () => {
    const r = await emProcesso([arquivo]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Uso: npm run verify-draw -- <arquivo-de-bilhetes.csv> <semente>\n');
    expect(r.stderr).toContain('Apuração pela Loteria Federal: npm run verify-draw -- --bilhetes');
  });
});

const Q = '90517,33260,04482,71938,16605';
const Q2 = '11111,22222,33333,44444,55555';
const NN = ['--qtd', '3', '--mloja', 'N', '--musuario', 'N'];

describe('verify-draw --bilhetes, rule version 2 (the default) and --suplente', () => {
  it('prints each prize: its seed, list size, position and winner; then the substitute', async () => {
    const r = await verifyDraw([
      '--bilhetes',
      arquivo,
      '--premios',
      PREMIOS,
      ...NN,
      '--hash',
      HASH,
      '--regra',
      '2',
      '--suplente',
      `2:${Q}`,
    ]);
    expect(r).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        `Arquivo de bilhetes: ${arquivo}`,
        `SHA-256 do arquivo (hash_bilhetes): ${HASH}`,
        `Hash informado (--hash): ${HASH} (confere: é o arquivo publicado)`,
        'Regra (--regra): versão 2',
        'Bilhetes no arquivo: 8',
        'Prêmios do concurso (1º a 5º): 48213, 05977, 61350, 29086, 73552',
        'Prêmios a apurar (--qtd): 3',
        '--mloja N: a mesma loja não dá dois prêmios',
        '--musuario N: o mesmo titular não ganha dois prêmios',
        `Semente do prêmio k: SHA-256 de "${HASH}|48213|05977|61350|29086|73552|<k>", em hexadecimal`,
        'Ganhadores, na ordem dos prêmios:',
        '1º prêmio: 000-20458, titular a3fe90f6825757bf, id_estabelecimento 5',
        '   semente c423f55fbdaacf322743159ecdce6bb0d9c755e77a8785ab831631b277cf8471; lista elegível: 8 bilhete(s); posição 1 (semente mod 8, a partir de 0)',
        '2º prêmio: 001-91777, titular 49fc63187e8d340e, id_estabelecimento 8',
        '   semente c91a5b6e3c6c9bca7d9378c73179a492cec804f4b9ba526548f9442e1d74d893; lista elegível: 6 bilhete(s); posição 5 (semente mod 6, a partir de 0)',
        '3º prêmio: 001-40316, titular 4525d8cbba8f2ba6, id_estabelecimento 7',
        '   semente 005891285c2da8b2e8284a68f739c5dd61d3917aca501563298a839067058a08; lista elegível: 5 bilhete(s); posição 3 (semente mod 5, a partir de 0)',
        'Suplentes, na ordem do registro (--suplente):',
        'Suplente do 2º prêmio: anulado 001-91777, não localizado; concurso do suplente 90517, 33260, 04482, 71938, 16605',
        `   semente (SHA-256 de "${HASH}|90517|33260|04482|71938|16605|S2"): 99e185eecae27e49805e92d7379eaf08211dbd89a5e1c329ef962c60a65373bf`,
        '   lista elegível: 3 bilhete(s); posição 1 (semente mod 3, a partir de 0)',
        '   suplente: 000-37001, titular 71d67a19fa90e197, id_estabelecimento 3',
        'Ganhadores depois das substituições:',
        '1º prêmio: 000-20458, titular a3fe90f6825757bf, id_estabelecimento 5',
        '2º prêmio: 000-37001, titular 71d67a19fa90e197, id_estabelecimento 3',
        '3º prêmio: 001-40316, titular 4525d8cbba8f2ba6, id_estabelecimento 7',
        '',
      ].join('\n'),
    });
  }, 30_000);

  it('--regra defaults to 2; without --suplente no substitutes section', async () => {
    const r = await emProcesso(['--bilhetes', arquivo, '--premios', PREMIOS, ...NN]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Regra (--regra): versão 2\n');
    expect(r.stdout).toContain('3º prêmio: 001-40316, titular 4525d8cbba8f2ba6, id_estabelecimento 7\n');
    expect(r.stdout).not.toContain('Suplente');
    expect(r.stdout).not.toContain('S (maior série + 1)');
    expect(r.stdout).toMatch(/Confira o SHA-256 com o hash_bilhetes publicado[^\n]*\n$/);
  });

  it('a chain of substitutions of one prize, each kind, the voided sale given, down to none', async () => {
    const r = await emProcesso([
      '--bilhetes',
      arquivo,
      '--premios',
      PREMIOS,
      ...NN,
      '--suplente',
      `3:${Q}:venda_anulada:001-40315+000-00012`,
      `--suplente=3:${Q2}:titular_inelegivel`,
      '--suplente',
      '3:11111,22222,33333,44444,55556:nao_localizado',
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const depois = r.stdout.slice(r.stdout.indexOf('Suplentes, na ordem'));
    expect(depois).toBe(
      [
        'Suplentes, na ordem do registro (--suplente):',
        // Out: the three winners, the sale's 001-40315 and 000-00012, shops 5 and 8 (001-05230).
        'Suplente do 3º prêmio: anulado 001-40316, venda anulada (bilhetes da venda: 001-40315, 000-00012); concurso do suplente 90517, 33260, 04482, 71938, 16605',
        `   semente (SHA-256 de "${HASH}|90517|33260|04482|71938|16605|S3"): dddc134f5909cc9cd540721bad757f3787f99d823f83e6f65408b80342ba17c4`,
        '   lista elegível: 2 bilhete(s); posição 0 (semente mod 2, a partir de 0)',
        '   suplente: 000-37001, titular 71d67a19fa90e197, id_estabelecimento 3',
        'Suplente do 3º prêmio: anulado 000-37001, titular inelegível; concurso do suplente 11111, 22222, 33333, 44444, 55555',
        `   semente (SHA-256 de "${HASH}|11111|22222|33333|44444|55555|S3"): f3f61209bbd9bd4143e0f6eac5dff928acccf66c4b5c0a1d35e7c81572b46db6`,
        '   lista elegível: 1 bilhete(s); posição 0 (semente mod 1, a partir de 0)',
        '   suplente: 001-88004, titular 6f1175da7628b8ec, id_estabelecimento 3',
        'Suplente do 3º prêmio: anulado 001-88004, não localizado; concurso do suplente 11111, 22222, 33333, 44444, 55556',
        `   semente (SHA-256 de "${HASH}|11111|22222|33333|44444|55556|S3"): ${sementeDe('11111|22222|33333|44444|55556|S3')}`,
        '   lista elegível: 0 bilhete(s): o prêmio fica sem ganhador',
        'Ganhadores depois das substituições:',
        '1º prêmio: 000-20458, titular a3fe90f6825757bf, id_estabelecimento 5',
        '2º prêmio: 001-91777, titular 49fc63187e8d340e, id_estabelecimento 8',
        '3º prêmio: sem ganhador',
        'Confira o SHA-256 com o hash_bilhetes publicado antes do concurso: se forem iguais, o arquivo é o original.',
        '',
      ].join('\n'),
    );
  });

  it('a substitution of a prize with no holder: exit 1 with the reason', async () => {
    const r = await emProcesso([
      '--bilhetes',
      arquivo,
      '--premios',
      PREMIOS,
      '--qtd',
      '5',
      '--mloja',
      'N',
      '--musuario',
      'N',
      '--suplente',
      `5:${Q}`,
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('Erro: substituição 1: o 5º prêmio não tem ganhador a anular.\n');
    expect(r.stdout).not.toContain('prêmio:');
  });

  it('a hash that does not match under rule 2: exit 2, no winners, no substitutes', async () => {
    const r = await verifyDraw([
      '--bilhetes',
      arquivo,
      '--premios',
      PREMIOS,
      '--hash',
      'f'.repeat(64),
      '--suplente',
      `1:${Q}`,
    ]);
    expect(r.code).toBe(2);
    expect(r.stdout).not.toContain('prêmio');
    expect(r.stderr).toContain('este não é o arquivo publicado');
  }, 30_000);

  it('bad --regra and --suplente: exit 1, the error', async () => {
    const base = ['--bilhetes', arquivo, '--premios', PREMIOS, '--qtd', '3'];
    const casos: [string[], string][] = [
      [['--regra', '3'], '--regra deve ser 1 (apurações antigas) ou 2'],
      [['--regra', 'dois'], '--regra deve ser 1'],
      [['--regra', '1', '--suplente', `1:${Q}`], '--suplente só vale para a regra 2'],
      [['--regra', '2', '--regra', '2'], '--regra informado mais de uma vez'],
      [['--suplente'], 'falta o valor de --suplente'],
      [['--suplente', '1'], "--suplente '1': use <prêmio>:<q1,q2,q3,q4,q5>"],
      [['--suplente', `1:${Q}:nao_localizado:000-00012:x`], 'use <prêmio>:'],
      [['--suplente', `4:${Q}`], "--suplente '4:" + Q + "': o prêmio deve ser um número de 1 a 3 (--qtd)"],
      [['--suplente', `0:${Q}`], 'o prêmio deve ser um número de 1 a 3'],
      [['--suplente', `x:${Q}`], 'o prêmio deve ser um número de 1 a 3'],
      [['--suplente', '1:1234,33260,04482,71938,16605'], 'Informe os 5 primeiros prêmios do concurso'],
      [['--suplente', '1:90517,90517,04482,71938,16605'], 'Os 5 prêmios do concurso são diferentes entre si'],
      [
        ['--suplente', `1:${Q}:perdido`],
        'o tipo deve ser nao_localizado, titular_inelegivel ou venda_anulada',
      ],
      [
        ['--suplente', `1:${Q}:nao_localizado:000-00012`],
        'os bilhetes excluídos só valem para venda_anulada',
      ],
      [['--suplente', `1:${Q}:venda_anulada:0-12`], "'0-12': Informe o número como série-número"],
      [['--suplente', `1:${Q}:venda_anulada:000-00012+`], "'': Informe o número como série-número"],
    ];
    for (const [args, msg] of casos) {
      const e = await emProcesso([...base, ...args]);
      expect(e.code, args.join(' ')).toBe(1);
      expect(e.stdout, args.join(' ')).toBe('');
      expect(e.stderr, args.join(' ')).toMatch(/^Erro: /);
      expect(e.stderr, args.join(' ')).toContain(msg);
    }
    // A voided sale's list of tickets may name tickets not in the file: they change nothing.
    const ok = await emProcesso([...base, '--suplente', `1:${Q}:venda_anulada:999-99999`]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('(bilhetes da venda: 999-99999)');
  });
});

/** The hex seed of `<hash>|<resto>`, computed here to compare. */
function sementeDe(resto: string): string {
  return createHash('sha256').update(`${HASH}|${resto}`).digest('hex');
}
