import {
  MensagemResposta,
  TurismoAdminQuery,
  TurismoBody,
  TurismoItem,
  TurismoParams,
} from '@praca/contract';
import { adminCrudRoutes } from '../shared/admin-crud.js';
import * as service from './admin-service.js';
import { mayAdministerTourism } from './policy.js';

/**
 * Admin tourism guide (spec §2 Turismo, §7 "Admin turismo"; issue 7: POST 201, PATCH 200,
 * DELETE 200). Admins of the item's city only (the super-admin any city). Every write is
 * audited in its transaction and then drops the city's cached consumer lists, so
 * `GET /v1/turismo` shows the change at once.
 */
export const tourismAdminRoutes = adminCrudRoutes({
  path: '/v1/adm/turismo',
  policy: mayAdministerTourism,
  query: TurismoAdminQuery,
  params: TurismoParams,
  body: TurismoBody,
  detail: TurismoItem,
  removed: MensagemResposta,
  status: { create: 201, update: 200, remove: 200 },
  summary: {
    list: 'Itens de turismo da cidade (tipo 0–4 opcional), ativos ou não, mais recentes primeiro (q: id ou parte da descrição); total em X-Total-Count',
    get: 'Um item de turismo',
    create:
      'Criar um item de turismo (descrição e tipo obrigatórios; validade em validadeate ou validade_ate, vazia = sem prazo)',
    update: 'Alterar um item de turismo (só o que for enviado)',
    remove: 'Excluir um item de turismo',
  },
  service,
});
