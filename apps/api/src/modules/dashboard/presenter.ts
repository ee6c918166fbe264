import type { DashboardResposta, DashboardVenda } from '@praca/contract';
import { centsToReais, round } from '../coupons/units.js';
import type * as repo from './repository.js';

type ShopYear = Awaited<ReturnType<typeof repo.salesByYearAndShop>>[number];

/** A shop's sales of a year: money in reais, the average ticket to the cent (0 without sales). */
export const presentShopYear = (r: ShopYear): DashboardVenda => ({
  ano: r.ano,
  id_estabelecimento: r.id_estabelecimento,
  nom_estabelecimento: r.nome,
  nro_cupons: r.cupons,
  nro_vendas: r.vendas,
  total_venda: centsToReais(r.centavos),
  ticket_medio: r.vendas > 0 ? round(centsToReais(r.centavos) / r.vendas, 2) : 0,
});

/** The city's figures, field by field. */
export const presentStatistics = (
  users: Awaited<ReturnType<typeof repo.countUsers>>,
  shops: Awaited<ReturnType<typeof repo.countShops>>,
  camps: Awaited<ReturnType<typeof repo.countCampaigns>>,
  totals: { vendas: number; centavos: number },
): DashboardResposta['estatisticas'] => ({
  online: users.online,
  num_empresa: shops.empresas,
  num_ativos: shops.ativos,
  num_participantes: camps.participantes,
  num_usuarios: users.usuarios,
  num_vendas: totals.vendas,
  num_campanha: camps.campanhas,
  sum_vendas: centsToReais(totals.centavos),
});
