import type { FastifyInstance } from 'fastify';
import { setClock } from '../src/lib/clock.js';
import {
  dataDoConcurso,
  instanteDoConcurso,
  parseReferencia,
  proximoConcurso,
} from '../src/modules/apuracoes/calendario.js';
import { TEST_LOTERIA_REFERENCIA } from './helper.js';

/**
 * Apurações in tests (issue 49): a contest that the calendar of test/helper.ts accepts, far
 * enough ahead to schedule, and its result entered by two people once the clock has passed the
 * contest's instant.
 */

const cal = { ...parseReferencia(TEST_LOTERIA_REFERENCIA)!, dias: [3, 6] };

/** The first contest at least `minutes` (default: the 2-day notice, plus a day) from now. */
export function concursoAhead(minutes = 2880 + 1440): { concurso: number; data_concurso: string } {
  return proximoConcurso(cal, '19:00', new Date(Date.now() + minutes * 60_000));
}

/** Contest number `concurso` with its date by the calendar. */
export const concursoNumbered = (concurso: number) => ({
  concurso,
  data_concurso: dataDoConcurso(cal, concurso),
});

/** A contest's instant, 19:00 in São Paulo. */
export const instantOf = (dia: string): Date => instanteDoConcurso(dia, '19:00');

/** A scheduling body for `qtd_premios` prizes on the next valid contest. */
export function agendamento(
  id_campanha: number,
  o: { qtd_premios?: number; mloja?: 'S' | 'N'; musuario?: 'S' | 'N'; final?: boolean } = {},
) {
  const qtd = o.qtd_premios ?? 1;
  return {
    id_campanha,
    ...concursoAhead(),
    qtd_premios: qtd,
    mloja: o.mloja ?? 'S',
    musuario: o.musuario ?? 'S',
    descricao_premios: Array.from({ length: qtd }, (_, i) => `Vale-compras de R$ ${(i + 1) * 100}`),
    ...(o.final === undefined ? {} : { final: o.final }),
  };
}

/** Runs `fn` with the programme's clock a minute past the contest's day at 19:00, then real time. */
export async function afterConcurso<T>(dia: string, fn: () => Promise<T>): Promise<T> {
  setClock(new Date(instantOf(dia).getTime() + 60_000), { running: true });
  try {
    return await fn();
  } finally {
    setClock(null);
  }
}

/**
 * The result of apuração `id` entered by two people at a minute past its contest: the first
 * answers 202, the second (the same prizes) the result.
 */
export async function resultByTwo(
  app: FastifyInstance,
  id: number,
  dia: string,
  tokens: [string, string],
  premios: string[],
) {
  return afterConcurso(dia, async () => {
    const url = `/v1/adm/apuracoes/${id}/resultado`;
    const first = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${tokens[0]}` },
      payload: { premios },
    });
    if (first.statusCode !== 202) throw new Error(`primeiro lançamento: ${first.statusCode} ${first.body}`);
    return app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${tokens[1]}` },
      payload: { premios },
    });
  });
}
