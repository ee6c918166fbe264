import type { Kysely } from 'kysely';
import type { CampanhaAdmin, CampanhaDaLoja, CampanhaPublica, CampanhaResumo } from '@praca/contract';
import type { Database } from '../../db/types.js';
import {
  presentCampaign,
  presentCampaignSummary,
  presentPublicCampaign,
  presentShopCampaign,
} from './presenter.js';
import * as repo from './repository.js';

/** Running and upcoming campaigns of a city, each with its participating shops and factors. */
export async function listForConsumers(
  db: Kysely<Database>,
  codCidade: number,
  day: string,
): Promise<CampanhaPublica[]> {
  const campanhas = await repo.listCurrentByCity(db, codCidade, day);
  const participantes = await repo.listParticipants(
    db,
    campanhas.map((c) => c.id_campanha),
  );
  return campanhas.map((c) =>
    presentPublicCampaign(
      c,
      participantes.filter((p) => p.id_campanha === c.id_campanha),
    ),
  );
}

/** The same campaigns without their shops (the home's carousel, decision 042): one query. */
export async function listSummariesForConsumers(
  db: Kysely<Database>,
  codCidade: number,
  day: string,
): Promise<CampanhaResumo[]> {
  return (await repo.listCurrentByCity(db, codCidade, day)).map(presentCampaignSummary);
}

/** The first and last day of the year of `day` (`YYYY-MM-DD`). */
export const yearOf = (day: string): { from: string; to: string } => ({
  from: `${day.slice(0, 4)}-01-01`,
  to: `${day.slice(0, 4)}-12-31`,
});

/** The campaigns of the current year a shop takes part in, newest first (sales screen). */
export async function listForShop(
  db: Kysely<Database>,
  idEstabelecimento: number,
  day: string,
): Promise<CampanhaDaLoja[]> {
  const { from, to } = yearOf(day);
  const rows = await repo.listForShop(db, idEstabelecimento, from, to);
  return rows.map(presentShopCampaign);
}

/** The city's running and upcoming campaigns, soonest first (the dashboard's banners). */
export async function listCurrent(
  db: Kysely<Database>,
  codCidade: number,
  day: string,
): Promise<CampanhaAdmin[]> {
  return (await repo.listCurrentByCity(db, codCidade, day)).map(presentCampaign);
}
