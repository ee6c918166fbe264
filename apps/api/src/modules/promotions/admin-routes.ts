import {
  AdminListaQuery,
  MensagemResposta,
  PromocaoAdmin,
  PromocaoBody,
  PromocaoParams,
} from '@praca/contract';
import { adminCrudRoutes } from '../shared/admin-crud.js';
import * as service from './admin-service.js';
import { mayAdministerPromotions } from './policy.js';

/**
 * Admin promotions (spec §2 Promoções por Estabelecimento, §7 "Admin promocoes": POST 201,
 * PATCH 200, DELETE 202; issue 7). Admins of the shop's city only (the super-admin any city);
 * only the super-admin marks a promotion paid. Every write is audited in its transaction and
 * then drops the city's cached consumer lists.
 */
export const promotionsAdminRoutes = adminCrudRoutes({
  path: '/v1/adm/promocoes',
  policy: mayAdministerPromotions,
  query: AdminListaQuery,
  params: PromocaoParams,
  body: PromocaoBody,
  detail: PromocaoAdmin,
  removed: MensagemResposta,
  status: { create: 201, update: 200, remove: 202 },
  summary: {
    list: 'Promoções dos estabelecimentos da cidade, início mais recente primeiro (q: id, nome do estabelecimento ou código do produto); total em X-Total-Count',
    get: 'Uma promoção',
    create:
      'Criar uma promoção; dat_final = dat_inicio + dias do plano − 1, sempre calculada pelo servidor (plano_dias, ou o plano deduzido de dat_inicio e dat_final); só o super-administrador marca ies_pago',
    update:
      'Alterar uma promoção (só o que for enviado; sem plano_dias, o plano vem do intervalo de datas enviado); dat_final recalculada',
    remove: 'Excluir uma promoção',
  },
  service,
});
