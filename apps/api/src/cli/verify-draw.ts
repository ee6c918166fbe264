import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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
 *
 * Exit codes: 0 done; 1 wrong usage; 2 the file cannot be read or is not a ticket file.
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

/** The command; answers the exit code. `out`/`err` print a line each. */
export async function main(
  args: string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
  cwd: string = process.env.INIT_CWD ?? process.cwd(),
): Promise<number> {
  if (args.length !== 2 || args[0].trim() === '' || args[1].trim() === '') {
    err(USAGE);
    err('A semente vai entre aspas se tiver espaços, exatamente como publicada no registro do sorteio.');
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
