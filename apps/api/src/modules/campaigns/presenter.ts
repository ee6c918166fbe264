import type {
  CampanhaAdmin,
  CampanhaDaLoja,
  CampanhaLojaMarcada,
  CampanhaPublica,
  CampanhaResumo,
} from '@praca/contract';
import { centsToReais, fromE4 } from '../coupons/units.js';
import type * as admin from './admin-repository.js';
import type * as repo from './repository.js';

/** A running or upcoming campaign without its shops (the home): the contract's fields only. */
export const presentCampaignSummary = (c: admin.CampaignRow): CampanhaResumo => ({
  id_campanha: c.id_campanha,
  den_campanha: c.den_campanha,
  banner: c.banner,
  validade_ini: c.validade_ini,
  validade_fim: c.validade_fim,
  link: c.link,
  cod_cidade: c.cod_cidade,
});

/** A campaign's own fields, as every screen reads them: the summary and the limits. */
export const presentCampaign = (c: admin.CampaignRow): CampanhaAdmin => ({
  ...presentCampaignSummary(c),
  limite_vendas_dia_loja: c.limite_vendas_dia_loja,
  limite_cupons_mes: c.limite_cupons_mes,
  limite_valor_dia: c.limite_valor_dia_centavos === null ? null : centsToReais(c.limite_valor_dia_centavos),
  pct_entidade: Number(c.pct_entidade),
  exige_nfce: c.exige_nfce === 'S',
});

type Participant = Awaited<ReturnType<typeof repo.listParticipants>>[number];

/** A running or upcoming campaign as consumers read it, with its shops and factors (×10⁻⁴). */
export const presentPublicCampaign = (
  c: admin.CampaignRow,
  participants: Participant[],
): CampanhaPublica => ({
  ...presentCampaign(c),
  estabelecimentos: participants.map((p) => ({
    id_estabelecimento: p.id_estabelecimento,
    nome: p.nome,
    id_campanha: p.id_campanha,
    fator_cashback: fromE4(p.fator_cashback_e4),
    fator_sorteio: fromE4(p.fator_sorteio_e4),
  })),
});

type ShopCampaign = Awaited<ReturnType<typeof repo.listForShop>>[number];

/** A campaign a shop takes part in, with the shop's factors (the sales screen). */
export const presentShopCampaign = (r: ShopCampaign): CampanhaDaLoja => ({
  id_campanha: r.id_campanha,
  den_campanha: r.den_campanha,
  validade_ini: r.validade_ini,
  validade_fim: r.validade_fim,
  fator_cashback: fromE4(r.fator_cashback_e4),
  fator_sorteio: fromE4(r.fator_sorteio_e4),
  exige_nfce: r.exige_nfce === 'S',
});

type EditorRow = Awaited<ReturnType<typeof admin.listEditorShops>>[number];

/** A shop of the campaign editor's list: id_campanha above 0 and its factors when taking part. */
export const presentEditorShop = (r: EditorRow): CampanhaLojaMarcada => ({
  id_estabelecimento: r.id_estabelecimento,
  nome: r.nome,
  id_campanha: r.id_campanha ?? 0,
  fator_cashback: fromE4(r.fator_cashback_e4 ?? 0),
  fator_sorteio: fromE4(r.fator_sorteio_e4 ?? 0),
});

type ParticipationRow = Awaited<ReturnType<typeof admin.listParticipation>>[number];

/** What the audit log keeps of a campaign: its fields and the shops taking part. */
export const campaignSnapshot = (
  v: admin.CampaignValues,
  parts: (admin.ParticipationValues | ParticipationRow)[],
) => ({
  den_campanha: v.den_campanha,
  banner: v.banner,
  validade_ini: v.validade_ini,
  validade_fim: v.validade_fim,
  link: v.link,
  cod_cidade: v.cod_cidade,
  limite_vendas_dia_loja: v.limite_vendas_dia_loja,
  limite_cupons_mes: v.limite_cupons_mes,
  limite_valor_dia_centavos: v.limite_valor_dia_centavos,
  pct_entidade: v.pct_entidade,
  exige_nfce: v.exige_nfce === 'S',
  estabelecimentos: parts.map((p) => ({
    id_estabelecimento: p.id_estabelecimento,
    fator_cashback: fromE4(p.fator_cashback_e4),
    fator_sorteio: fromE4(p.fator_sorteio_e4),
  })),
});
