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
 * `npm run verify-draw -- --bilhetes … --premios …` (issue 36), run as a citizen runs it: a
 * child process from the repository, no database, a hand-built ticket file. The file and
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

describe('verify-draw --bilhetes: the apuração checked offline', () => {
  it('prints the hash, S, the starting point and the winners in prize order; exit 0', async () => {
    const r = await verifyDraw([
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
    const r = await verifyDraw(['--bilhetes', arquivo, '--premios', PREMIOS, `--hash=${HASH.toUpperCase()}`]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Hash informado (--hash): ${HASH} (confere: é o arquivo publicado)\n`);
    expect(r.stdout).toContain('Prêmios a apurar (--qtd): 1\n');
    expect(r.stdout).toContain('--mloja S: a mesma loja pode dar mais de um prêmio\n');
    expect(r.stdout).toContain('--musuario S: o mesmo titular pode ganhar mais de um prêmio\n');
    expect(r.stdout).toMatch(/Ganhadores, na ordem dos prêmios:\n1º prêmio: 001-40315, [^\n]*\n$/);
    // With S and S, the same holder and the same shop win again.
    const tres = await emProcesso(['--bilhetes', arquivo, '--premios', PREMIOS, '--qtd', '3']);
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
        'Uso: npm run verify-draw -- --bilhetes <arquivo.csv> --premios 12345,67890,11111,22222,33333 [--qtd 3] [--mloja N] [--musuario N] [--hash <sha256 publicado>]\n',
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

  it('the instant draw mode is untouched: a missing seed is still its usage, exit 1', async () => {
    const r = await emProcesso([arquivo]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Uso: npm run verify-draw -- <arquivo-de-bilhetes.csv> <semente>\n');
    expect(r.stderr).toContain('Apuração pela Loteria Federal: npm run verify-draw -- --bilhetes');
  });
});
