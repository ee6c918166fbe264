import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MSG_APURACAO, QTD_PREMIOS_MAX, ROTULO_TIPO_ANULACAO, TipoAnulacao } from '@praca/contract';
import {
  BilhetesFileError,
  BilhetesFileReader,
  PREMIOS,
  apurarComSuplentes,
  apurarV1,
  codigoDe,
  sementeHex,
  serieNumero,
  type Bilhetes,
  type Opcoes,
  type PassoV2,
  type Substituicao,
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
 * [--musuario] [--hash] [--regra 1|2] [--suplente …]…`: the apuração by the Loteria Federal
 * (issues 36 and 49), re-run with the server's own rule (modules/apuracoes/rule.ts) over the
 * published ticket file, read in chunks. `--regra` is the apuração's `versao_regra` (default
 * 2; 1 for those decided before issue 49). Each `--suplente
 * <prêmio>:<q1,…,q5>[:<tipo>[:<série-número>+…]]` is one annulment with its substitute's
 * contest, in the order of the public record (rule 2 only). Exit codes: 0 done; 1 wrong
 * usage, or the file cannot be read or is not a ticket file, or a substitution of a prize
 * with no holder; 2 the file's SHA-256 is not the `--hash` given (not the published file: no
 * winners).
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
  'Uso: npm run verify-draw -- --bilhetes <arquivo.csv> --premios 12345,67890,11111,22222,33333 [--qtd 3] [--mloja N] [--musuario N] [--hash <sha256 publicado>] [--regra 1|2] [--suplente <prêmio>:<q1,q2,q3,q4,q5>[:<tipo>[:<série-número>+<série-número>…]]]…';

type OpcaoApuracao = 'bilhetes' | 'premios' | 'qtd' | 'mloja' | 'musuario' | 'hash' | 'regra' | 'suplente';
const OPCOES_APURACAO: readonly OpcaoApuracao[] = [
  'bilhetes',
  'premios',
  'qtd',
  'mloja',
  'musuario',
  'hash',
  'regra',
  'suplente',
];

interface PedidoApuracao {
  arquivo: string;
  premios: string[];
  opcoes: Opcoes;
  hash: string | null;
  regra: 1 | 2;
  suplentes: Substituicao[];
}

/** Five different 5-digit prizes separated by commas, or the error. */
function lerPremios(texto: string, exemplo: string): string[] | string {
  const premios = texto.split(',').map((p) => p.trim());
  if (premios.length !== 5 || !premios.every((p) => PREMIOS.test(p))) {
    return `${MSG_APURACAO.premiosInvalidos}, separados por vírgula (${exemplo})`;
  }
  if (new Set(premios).size !== 5) return MSG_APURACAO.premiosRepetidos;
  return premios;
}

const EXEMPLO_SUPLENTE = '--suplente 2:90517,33260,04482,71938,16605:venda_anulada:001-40315+001-40316';

/** One `--suplente <prêmio>:<q1,…,q5>[:<tipo>[:<série-número>+…]]`, or the error. */
function lerSuplente(texto: string, qtd: number): Substituicao | string {
  const partes = texto.split(':').map((p) => p.trim());
  const erro = (motivo: string) => `--suplente '${texto}': ${motivo} (${EXEMPLO_SUPLENTE})`;
  if (partes.length < 2 || partes.length > 4) {
    return erro('use <prêmio>:<q1,q2,q3,q4,q5>[:<tipo>[:<série-número>+<série-número>…]]');
  }
  const [premioTexto, qs, tipoTexto = 'nao_localizado', bilhetesTexto] = partes;
  const premio = Number(premioTexto);
  if (!/^\d+$/.test(premioTexto) || premio < 1 || premio > qtd) {
    return erro(`o prêmio deve ser um número de 1 a ${qtd} (--qtd)`);
  }
  const premios = lerPremios(qs, '5 prêmios do concurso do suplente');
  if (typeof premios === 'string') return erro(premios);
  const tipo = TipoAnulacao.safeParse(tipoTexto);
  if (!tipo.success) return erro('o tipo deve ser nao_localizado, titular_inelegivel ou venda_anulada');
  if (bilhetesTexto === undefined) return { premio, premios, tipo: tipo.data };
  if (tipo.data !== 'venda_anulada') return erro('os bilhetes excluídos só valem para venda_anulada');
  const excluidos: number[] = [];
  for (const b of bilhetesTexto.split('+')) {
    const m = /^(\d{3,})-(\d{5})$/.exec(b.trim());
    if (!m) return erro(`'${b}': ${MSG_APURACAO.bilheteInvalido}`);
    excluidos.push(codigoDe(Number(m[1]), Number(m[2])));
  }
  return { premio, premios, tipo: tipo.data, excluidos };
}

/** The apuração mode's arguments, `--nome valor` or `--nome=valor`; a string is the error. */
function lerArgumentos(args: string[], cwd: string): PedidoApuracao | string {
  const valores = new Map<OpcaoApuracao, string>();
  const suplentes: string[] = [];
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
    // --suplente repeats: one annulment each, in the order of the public record.
    if (nome === 'suplente') suplentes.push(valor.trim());
    else valores.set(nome, valor.trim());
  }
  const arquivo = valores.get('bilhetes');
  if (!arquivo) return 'informe o arquivo de bilhetes com --bilhetes';
  const premios = lerPremios(valores.get('premios') ?? '', '--premios 12345,67890,11111,22222,33333');
  if (typeof premios === 'string') return premios;
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
  const regraTexto = valores.get('regra') ?? '2';
  if (regraTexto !== '1' && regraTexto !== '2') {
    return '--regra deve ser 1 (apurações antigas) ou 2, a versao_regra publicada na página da apuração';
  }
  const regra = regraTexto === '1' ? 1 : 2;
  if (regra === 1 && suplentes.length > 0) return '--suplente só vale para a regra 2 (--regra 2)';
  const substituicoes: Substituicao[] = [];
  for (const texto of suplentes) {
    const s = lerSuplente(texto, qtd);
    if (typeof s === 'string') return s;
    substituicoes.push(s);
  }
  return {
    arquivo: path.resolve(cwd, arquivo),
    premios,
    opcoes: { qtd, mloja, musuario },
    hash: hash?.toLowerCase() ?? null,
    regra,
    suplentes: substituicoes,
  };
}

const descrever = (bilhetes: Bilhetes, indice: number): string => {
  const b = bilhetes.bilhete(indice);
  return `${serieNumero(b.serie, b.numero)}, titular ${b.titular}, id_estabelecimento ${b.id_estabelecimento}`;
};

const codigoTexto = (codigo: number) => serieNumero(Math.floor(codigo / 100_000), codigo % 100_000);

/** A pick of rule 2: the seed, the list's size and the position, indented under its ticket. */
const passoTexto = (p: PassoV2): string =>
  `   semente ${sementeHex(p.semente)}; lista elegível: ${p.tamanho} bilhete(s); posição ${p.posicao} (semente mod ${p.tamanho}, a partir de 0)`;

function linhasOpcoes(opcoes: Opcoes, out: (line: string) => void): void {
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
}

function faltaramGanhadores(ganhadores: number, opcoes: Opcoes, out: (line: string) => void): void {
  if (ganhadores < opcoes.qtd) {
    out(`Apenas ${ganhadores} ganhador(es) para ${opcoes.qtd} prêmio(s): não há mais bilhetes elegíveis.`);
  }
}

/** Rule version 1 (apurações decided before issue 49): the starting point and the walk. */
function imprimirV1(bilhetes: Bilhetes, pedido: PedidoApuracao, out: (line: string) => void): void {
  const { premios, opcoes } = pedido;
  const r = apurarV1(bilhetes, premios, opcoes);
  const maiorSerie = bilhetes.length === 0 ? 0 : bilhetes.bilhete(bilhetes.length - 1).serie;
  out('Regra (--regra): versão 1 (apurações antigas)');
  out(`Bilhetes no arquivo: ${bilhetes.length}`);
  out(`S (maior série + 1): ${maiorSerie + 1}`);
  out(`Prêmios do concurso (1º a 5º): ${premios.join(', ')}`);
  out(`Ponto de partida (série-número): ${serieNumero(r.serie, r.numero)}`);
  linhasOpcoes(opcoes, out);
  out('Ganhadores, na ordem dos prêmios:');
  r.ganhadores.forEach((indice, k) => out(`${k + 1}º prêmio: ${descrever(bilhetes, indice)}`));
  faltaramGanhadores(r.ganhadores.length, opcoes, out);
}

/** Rule version 2: each prize's seed, list and winner, then each substitute. */
function imprimirV2(
  bilhetes: Bilhetes,
  hash: string,
  pedido: PedidoApuracao,
  out: (line: string) => void,
): void {
  const { premios, opcoes, suplentes } = pedido;
  const r = apurarComSuplentes(bilhetes, hash, premios, opcoes, suplentes);
  out('Regra (--regra): versão 2');
  out(`Bilhetes no arquivo: ${bilhetes.length}`);
  out(`Prêmios do concurso (1º a 5º): ${premios.join(', ')}`);
  linhasOpcoes(opcoes, out);
  out(`Semente do prêmio k: SHA-256 de "${hash}|${premios.join('|')}|<k>", em hexadecimal`);
  out('Ganhadores, na ordem dos prêmios:');
  r.ganhadores.forEach((indice, k) => {
    out(`${k + 1}º prêmio: ${descrever(bilhetes, indice)}`);
    out(passoTexto(r.passos[k]));
  });
  faltaramGanhadores(r.ganhadores.length, opcoes, out);
  if (suplentes.length === 0) return;
  out('Suplentes, na ordem do registro (--suplente):');
  const titulares: (number | null)[] = [...r.ganhadores];
  suplentes.forEach((s, i) => {
    const anulado = bilhetes.bilhete(r.anulados[i]);
    const venda =
      s.tipo === 'venda_anulada' && s.excluidos && s.excluidos.length > 0
        ? ` (bilhetes da venda: ${s.excluidos.map(codigoTexto).join(', ')})`
        : '';
    out(
      `Suplente do ${s.premio}º prêmio: anulado ${serieNumero(anulado.serie, anulado.numero)}, ${ROTULO_TIPO_ANULACAO[s.tipo].toLowerCase()}${venda}; concurso do suplente ${s.premios.join(', ')}`,
    );
    const passo = r.passosSuplentes[i];
    out(
      `   semente (SHA-256 de "${hash}|${s.premios.join('|')}|S${s.premio}"): ${sementeHex(passo.semente)}`,
    );
    const suplente = r.suplentes[i];
    titulares[s.premio - 1] = suplente;
    if (suplente === null) {
      out('   lista elegível: 0 bilhete(s): o prêmio fica sem ganhador');
      return;
    }
    out(
      `   lista elegível: ${passo.tamanho} bilhete(s); posição ${passo.posicao} (semente mod ${passo.tamanho}, a partir de 0)`,
    );
    out(`   suplente: ${descrever(bilhetes, suplente)}`);
  });
  out('Ganhadores depois das substituições:');
  titulares.forEach((indice, k) =>
    out(`${k + 1}º prêmio: ${indice === null ? 'sem ganhador' : descrever(bilhetes, indice)}`),
  );
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
  const { arquivo } = pedido;
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
  if (pedido.regra === 1) imprimirV1(bilhetes, pedido, out);
  else {
    try {
      imprimirV2(bilhetes, hash, pedido, out);
    } catch (e) {
      // A substitution of a prize with no holder: wrong input, like a bad argument.
      if (e instanceof RangeError) {
        err(`Erro: ${e.message}.`);
        return 1;
      }
      throw e;
    }
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
