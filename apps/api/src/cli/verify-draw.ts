import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MSG_APURACAO, QTD_PREMIOS_MAX } from '@praca/contract';
import {
  BilhetesFileError,
  BilhetesFileReader,
  PREMIOS,
  apurar,
  serieNumero,
  type Opcoes,
} from '../modules/apuracoes/rule.js';
import {
  TicketFileError,
  TicketFileReader,
  derivePosition,
  type Ticket,
} from '../modules/draws/draw-rule.js';

/**
 * `npm run verify-draw -- <arquivo-de-bilhetes> <semente>`: re-derives the winner of a seeded
 * draw from its published ticket file and public seed, with the same code the server used
 * (modules/draws/draw-rule.ts), and needs neither the database nor a build. Compare the printed hash with the
 * draw record's `hash_lista` and the coupon with the announced winner.
 * Exit codes: 0 done; 1 wrong usage; 2 the file cannot be read or is not a ticket file.
 *
 * `npm run verify-draw -- --bilhetes <arquivo.csv> --premios <5 prêmios> [--qtd] [--mloja]
 * [--musuario] [--hash]`: the apuração by the Loteria Federal (issue 36), re-run with the
 * server's own rule (modules/apuracoes/rule.ts) over the published ticket file, read in
 * chunks. Exit codes: 0 done; 1 wrong usage, or the file cannot be read or is not a ticket
 * file; 2 the file's SHA-256 is not the `--hash` given (not the published file: no winners).
 */

export interface VerifyResult {
  hash: string;
  n: number;
  posicao: number;
  vencedor: Ticket;
}

async function readTickets(
  file: string,
  want?: number,
): Promise<{ hash: string; n: number; ticket: Ticket | null }> {
  const reader = new TicketFileReader(want);
  for await (const chunk of fs.createReadStream(file)) reader.feed(chunk as Buffer);
  return reader.end();
}

/**
 * Two passes over the file, so a file of tens of millions of lines is never held in memory:
 * the first hashes and checks it and counts the tickets; the second fetches the winning line.
 */
export async function verifyDraw(file: string, semente: string): Promise<VerifyResult> {
  const first = await readTickets(file);
  const posicao = derivePosition(semente, first.hash, first.n);
  const second = await readTickets(file, posicao);
  if (second.hash !== first.hash || !second.ticket) {
    throw new TicketFileError('o arquivo mudou durante a verificação; rode de novo');
  }
  return { hash: first.hash, n: first.n, posicao, vencedor: second.ticket };
}

const USAGE = 'Uso: npm run verify-draw -- <arquivo-de-bilhetes.csv> <semente>';
const USAGE_APURACAO =
  'Uso: npm run verify-draw -- --bilhetes <arquivo.csv> --premios 12345,67890,11111,22222,33333 [--qtd 3] [--mloja N] [--musuario N] [--hash <sha256 publicado>]';

type OpcaoApuracao = 'bilhetes' | 'premios' | 'qtd' | 'mloja' | 'musuario' | 'hash';
const OPCOES_APURACAO: readonly OpcaoApuracao[] = ['bilhetes', 'premios', 'qtd', 'mloja', 'musuario', 'hash'];

interface PedidoApuracao {
  arquivo: string;
  premios: string[];
  opcoes: Opcoes;
  hash: string | null;
}

/** The apuração mode's arguments, `--nome valor` or `--nome=valor`; a string is the error. */
function lerArgumentos(args: string[], cwd: string): PedidoApuracao | string {
  const valores = new Map<OpcaoApuracao, string>();
  for (let i = 0; i < args.length; i++) {
    const m = /^--([a-z]+)(?:=(.*))?$/s.exec(args[i]);
    const nome = OPCOES_APURACAO.find((o) => o === m?.[1]);
    if (!m || !nome) return `argumento desconhecido '${args[i]}'`;
    if (valores.has(nome)) return `--${nome} informado mais de uma vez`;
    let valor = m[2];
    if (valor === undefined) {
      valor = args[i + 1];
      if (valor === undefined || valor.startsWith('--')) return `falta o valor de --${nome}`;
      i++;
    }
    valores.set(nome, valor.trim());
  }
  const arquivo = valores.get('bilhetes');
  if (!arquivo) return 'informe o arquivo de bilhetes com --bilhetes';
  const premios = (valores.get('premios') ?? '').split(',').map((p) => p.trim());
  if (premios.length !== 5 || !premios.every((p) => PREMIOS.test(p))) {
    return `${MSG_APURACAO.premiosInvalidos}, separados por vírgula (--premios 12345,67890,11111,22222,33333)`;
  }
  const qtdTexto = valores.get('qtd') ?? '1';
  const qtd = Number(qtdTexto);
  if (!/^\d+$/.test(qtdTexto) || qtd < 1 || qtd > QTD_PREMIOS_MAX)
    return `--qtd: ${MSG_APURACAO.qtdPremiosInvalida}`;
  const simNao = (nome: 'mloja' | 'musuario'): 'S' | 'N' | null => {
    const v = (valores.get(nome) ?? 'S').toUpperCase();
    return v === 'S' || v === 'N' ? v : null;
  };
  const mloja = simNao('mloja');
  if (!mloja) return '--mloja deve ser S (a mesma loja pode dar mais de um prêmio) ou N';
  const musuario = simNao('musuario');
  if (!musuario) return '--musuario deve ser S (o mesmo titular pode ganhar mais de um prêmio) ou N';
  const hash = valores.get('hash') ?? null;
  if (hash !== null && !/^[0-9a-fA-F]{64}$/.test(hash)) {
    return '--hash deve ter os 64 algarismos hexadecimais do SHA-256 publicado (hash_bilhetes)';
  }
  return {
    arquivo: path.resolve(cwd, arquivo),
    premios,
    opcoes: { qtd, mloja, musuario },
    hash: hash?.toLowerCase() ?? null,
  };
}

/** The apuração mode: checks the file (and its hash) and prints the winners in prize order. */
async function mainApuracao(
  args: string[],
  out: (line: string) => void,
  err: (line: string) => void,
  cwd: string,
): Promise<number> {
  const pedido = lerArgumentos(args, cwd);
  if (typeof pedido === 'string') {
    err(`Erro: ${pedido}.`);
    err(USAGE_APURACAO);
    return 1;
  }
  const { arquivo, premios, opcoes } = pedido;
  const reader = new BilhetesFileReader();
  let lido: ReturnType<BilhetesFileReader['end']>;
  try {
    for await (const chunk of fs.createReadStream(arquivo)) reader.feed(chunk as Buffer);
    lido = reader.end();
  } catch (e) {
    if (e instanceof BilhetesFileError) {
      err(`Arquivo de bilhetes malformado (${arquivo}): ${e.message}`);
      return 1;
    }
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      const motivo =
        code === 'ENOENT'
          ? 'arquivo não encontrado'
          : code === 'EISDIR'
            ? 'é uma pasta, não um arquivo'
            : code;
      err(`Não foi possível ler o arquivo ${arquivo}: ${motivo}`);
      return 1;
    }
    throw e;
  }
  const { hash, bilhetes } = lido;
  out(`Arquivo de bilhetes: ${arquivo}`);
  out(`SHA-256 do arquivo (hash_bilhetes): ${hash}`);
  if (pedido.hash !== null) {
    if (pedido.hash !== hash) {
      out(`Hash informado (--hash): ${pedido.hash} (NÃO confere)`);
      err(
        'O SHA-256 do arquivo não confere com o hash informado: este não é o arquivo publicado. Baixe de novo o arquivo de bilhetes da apuração.',
      );
      return 2;
    }
    out(`Hash informado (--hash): ${pedido.hash} (confere: é o arquivo publicado)`);
  }
  const r = apurar(bilhetes, premios, opcoes);
  const maiorSerie = bilhetes.length === 0 ? 0 : bilhetes.bilhete(bilhetes.length - 1).serie;
  out(`Bilhetes no arquivo: ${bilhetes.length}`);
  out(`S (maior série + 1): ${maiorSerie + 1}`);
  out(`Prêmios do concurso (1º a 5º): ${premios.join(', ')}`);
  out(`Ponto de partida (série-número): ${serieNumero(r.serie, r.numero)}`);
  out(`Prêmios a apurar (--qtd): ${opcoes.qtd}`);
  out(
    opcoes.mloja === 'N'
      ? '--mloja N: a mesma loja não dá dois prêmios'
      : '--mloja S: a mesma loja pode dar mais de um prêmio',
  );
  out(
    opcoes.musuario === 'N'
      ? '--musuario N: o mesmo titular não ganha dois prêmios'
      : '--musuario S: o mesmo titular pode ganhar mais de um prêmio',
  );
  out('Ganhadores, na ordem dos prêmios:');
  r.ganhadores.forEach((indice, k) => {
    const b = bilhetes.bilhete(indice);
    out(
      `${k + 1}º prêmio: ${serieNumero(b.serie, b.numero)}, titular ${b.titular}, id_estabelecimento ${b.id_estabelecimento}`,
    );
  });
  if (r.ganhadores.length < opcoes.qtd) {
    out(
      `Apenas ${r.ganhadores.length} ganhador(es) para ${opcoes.qtd} prêmio(s): não há mais bilhetes elegíveis.`,
    );
  }
  if (pedido.hash === null) {
    out(
      'Confira o SHA-256 com o hash_bilhetes publicado antes do concurso: se forem iguais, o arquivo é o original.',
    );
  }
  return 0;
}

/** The command; answers the exit code. `out`/`err` print a line each. */
export async function main(
  args: string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
  cwd: string = process.env.INIT_CWD ?? process.cwd(),
): Promise<number> {
  if (args[0]?.startsWith('--')) return mainApuracao(args, out, err, cwd);
  if (args.length !== 2 || args[0].trim() === '' || args[1].trim() === '') {
    err(USAGE);
    err('A semente vai entre aspas se tiver espaços, exatamente como publicada no registro do sorteio.');
    err(`Apuração pela Loteria Federal: ${USAGE_APURACAO.slice('Uso: '.length)}`);
    return 1;
  }
  const file = path.resolve(cwd, args[0]);
  // The server trims the seed it receives; so does the check.
  const semente = args[1].trim();
  try {
    const r = await verifyDraw(file, semente);
    out(`Arquivo de bilhetes: ${file}`);
    out(`Semente: ${semente}`);
    out(`SHA-256 do arquivo (hash_lista): ${r.hash}`);
    out(`Bilhetes elegíveis (N): ${r.n}`);
    out(`Posição sorteada (a partir de 0): ${r.posicao}`);
    out(`Cupom sorteado: ${r.vencedor.codigo}`);
    out(`Participante: ${r.vencedor.participante}`);
    out(`Estabelecimento: ${r.vencedor.estabelecimento}`);
    out(
      'Confira o SHA-256 com o hash_lista publicado no registro do sorteio: se forem iguais, o arquivo é o original.',
    );
    return 0;
  } catch (e) {
    if (e instanceof TicketFileError) {
      err(`Arquivo de bilhetes malformado: ${e.message}`);
      return 2;
    }
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      err(`Não foi possível ler o arquivo ${file}: ${code === 'ENOENT' ? 'arquivo não encontrado' : code}`);
      return 2;
    }
    throw e;
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
