import type { Kysely } from 'kysely';
import type { ContempladoPublico } from '@praca/contract';
import type { Database } from '../../db/types.js';
import * as repo from './repository.js';

/** How many winners the consumer screens list, newest first. */
export const PUBLIC_WINNERS_LIMIT = 200;

export async function listForConsumers(
  db: Kysely<Database>,
  codCidade: number,
): Promise<ContempladoPublico[]> {
  const rows = await repo.listByCity(db, codCidade, PUBLIC_WINNERS_LIMIT);
  const fotos = await repo.listPhotos(
    db,
    rows.map((r) => r.id_sorteado),
  );
  return rows.map((r) => {
    const urls = fotos.filter((f) => f.id_sorteado === r.id_sorteado).map((f) => f.url_foto);
    return {
      id_sorteado: r.id_sorteado,
      id_sorteio: r.numero_cupom,
      id_campanha: r.id_campanha,
      den_campanha: r.den_campanha,
      banner: r.banner,
      id_estabelecimento: r.id_estabelecimento,
      nom_estabelecimento: r.nom_estabelecimento ?? '',
      nome_sorteado: r.nome_sorteado,
      data_sorteio: r.data_sorteio,
      data_venda: r.dat_venda,
      dat_venda: r.dat_venda,
      fotos: urls,
      images: urls.map((url_foto) => ({ url_foto })),
    };
  });
}
