import type { Kysely } from 'kysely';
import {
  MSG_PAINEL,
  PROGRAMME_TIME_ZONE,
  SERIES_MAX_DIAS,
  type PainelParticipantesSemana,
  type PainelSeriesResposta,
  type PainelVendasDia,
} from '@praca/contract';
import type { Database } from '../../db/types.js';
import { addDays, dayIn, daysBetween, now as clockNow, today } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/types.js';
import { requestedAdminCity } from '../cities/admin-scope.js';
import { centsToReais } from '../coupons/units.js';
import * as repo from './series-repository.js';

/** The default period without a campaign: the last 30 days, today included. */
const DEFAULT_DAYS = 30;
const TOP_SHOPS = 10;

/** The Monday of the week of `day` (weeks run Monday to Sunday). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

interface Query {
  cod_cidade?: number;
  codcidade?: number;
  de?: string;
  ate?: string;
  id_campanha?: number;
}

/**
 * The period asked for: `de` and `ate` when given; else the chosen campaign's dates, its end
 * no later than today (nor its start); else the last 30 days. 400 when inverted or longer than
 * two years.
 */
function periodOf(
  query: Query,
  campaign: { validade_ini: string; validade_fim: string } | undefined,
  day: string,
): { de: string; ate: string } {
  let ate = query.ate;
  if (!ate) ate = campaign ? (campaign.validade_fim < day ? campaign.validade_fim : day) : day;
  let de = query.de;
  if (!de) de = campaign ? campaign.validade_ini : addDays(ate, -(DEFAULT_DAYS - 1));
  if (campaign && !query.ate && de > ate) ate = de; // a campaign yet to start: its first day
  if (de > ate) throw new HttpError(400, MSG_PAINEL.periodoInvertido);
  if (daysBetween(de, ate) + 1 > SERIES_MAX_DIAS) throw new HttpError(400, MSG_PAINEL.periodoLongo);
  return { de, ate };
}

/** Every day from `de` to `ate`, with the sales of those that had some and zeros elsewhere. */
function everyDay(
  de: string,
  ate: string,
  rows: Awaited<ReturnType<typeof repo.salesByDay>>,
): PainelVendasDia[] {
  const byDay = new Map(rows.map((r) => [r.dia, r]));
  const out: PainelVendasDia[] = [];
  for (let d = de; d <= ate; d = addDays(d, 1)) {
    const r = byDay.get(d);
    out.push({
      dia: d,
      num_vendas: r?.vendas ?? 0,
      sum_vendas: centsToReais(r?.centavos ?? 0),
      num_cupons: r?.cupons ?? 0,
    });
  }
  return out;
}

/** The instant (ISO) the programme's day `day` starts: its zone's midnight, found hour by hour. */
function startOfDay(day: string): string {
  const utcMidnight = Date.parse(`${day}T00:00:00.000Z`);
  for (let h = -14; h <= 14; h++) {
    const at = new Date(utcMidnight + h * 3_600_000);
    if (dayIn(PROGRAMME_TIME_ZONE, at) === day) return at.toISOString();
  }
  return new Date(utcMidnight).toISOString();
}

/**
 * The new people per week: the accounts created in each week (its Monday) that touches the
 * period, counted from the period's first day to its last (the programme's calendar).
 */
export async function peopleByWeek(
  db: Kysely<Database>,
  codCidade: number,
  de: string,
  ate: string,
): Promise<PainelParticipantesSemana[]> {
  const weeks: { semana: string; from: string; to: string }[] = [];
  for (let w = mondayOf(de); w <= ate; w = addDays(w, 7)) {
    const first = w < de ? de : w;
    const next = addDays(w, 7);
    const end = next > addDays(ate, 1) ? addDays(ate, 1) : next;
    weeks.push({ semana: w, from: startOfDay(first), to: startOfDay(end) });
  }
  const counts = await repo.newPeopleIn(db, codCidade, weeks);
  return weeks.map((w, i) => ({ semana: w.semana, num_participantes: counts[i] ?? 0 }));
}

/**
 * The dashboard's charts of a city (issue 39): sales and coupons per day, new people per week,
 * the top 10 shops of the period, and a campaign's progress. Same scope as the dashboard: the
 * super-admin any city, an admin its own (403 otherwise); a campaign of another city is 404.
 */
export async function seriesOf(
  db: Kysely<Database>,
  user: AuthUser,
  query: Query,
  now: Date = clockNow(),
): Promise<PainelSeriesResposta> {
  const codCidade = requestedAdminCity(user, query);
  const day = today(now);
  let chosen: Awaited<ReturnType<typeof repo.findCampaign>>;
  if (query.id_campanha !== undefined) {
    chosen = await repo.findCampaign(db, codCidade, query.id_campanha);
    if (!chosen) throw new HttpError(404, MSG_PAINEL.campanhaNaoEncontrada);
  }
  const { de, ate } = periodOf(query, chosen, day);
  const scope: repo.SeriesScope = { codCidade, idCampanha: chosen?.id_campanha ?? null, de, ate };

  const progressOf = chosen ?? (await repo.runningCampaign(db, codCidade, day));
  const [perDay, top, weeks, progress] = await Promise.all([
    repo.salesByDay(db, scope),
    repo.topShops(db, scope, TOP_SHOPS),
    peopleByWeek(db, codCidade, de, ate),
    progressOf ? repo.campaignProgress(db, progressOf.id_campanha) : null,
  ]);

  return {
    de,
    ate,
    id_campanha: scope.idCampanha,
    vendas_por_dia: everyDay(de, ate, perDay),
    participantes_por_semana: weeks,
    top_estabelecimentos: top.map((r) => ({
      id_estabelecimento: r.id_estabelecimento,
      nom_estabelecimento: r.nome,
      num_vendas: r.vendas,
      sum_vendas: centsToReais(r.centavos),
      num_cupons: r.cupons,
    })),
    progresso_campanha:
      progressOf && progress
        ? {
            id_campanha: progressOf.id_campanha,
            den_campanha: progressOf.den_campanha,
            validade_ini: progressOf.validade_ini,
            validade_fim: progressOf.validade_fim,
            cupons_emitidos: progress.cupons,
            apuracoes_agendadas: progress.agendadas,
            apuracoes_apuradas: progress.apuradas,
          }
        : null,
  };
}
