import { AdminListaQuery, AvisoAdmin, AvisoBody, AvisoParams, MensagemResposta } from '@praca/contract';
import { adminCrudRoutes } from '../shared/admin-crud.js';
import * as service from './admin-service.js';
import { mayAdministerNotices } from './policy.js';

/**
 * Admin notices (spec §2 Avisos, §7 "Admin avisos": POST, PATCH and DELETE answer 202; issue 7).
 * Admins of the notice's city only (the super-admin any city). Every write is audited in its
 * transaction and then drops the city's cached consumer lists, so `GET /v1/avisos` shows the
 * change at once.
 */
export const noticesAdminRoutes = adminCrudRoutes({
  path: '/v1/adm/avisos',
  policy: mayAdministerNotices,
  query: AdminListaQuery,
  params: AvisoParams,
  body: AvisoBody,
  detail: AvisoAdmin,
  removed: MensagemResposta,
  status: { create: 202, update: 202, remove: 202 },
  summary: {
    list: 'Avisos da cidade, válidos ou vencidos, mais recentes primeiro (q: id ou parte do título); total em X-Total-Count',
    get: 'Um aviso',
    create:
      'Criar um aviso (título e validade obrigatórios; HTML da mensagem higienizado; imagem guardada como caminho)',
    update: 'Alterar um aviso (só o que for enviado)',
    remove: 'Excluir um aviso',
  },
  service,
});
