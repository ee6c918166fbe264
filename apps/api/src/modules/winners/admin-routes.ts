import { z } from 'zod';
import { ContempladoAdmin, ContempladoBody, ContempladoParams, ContempladosQuery } from '@praca/contract';
import { adminCrudRoutes } from '../shared/admin-crud.js';
import * as service from './admin-service.js';
import { mayAdministerWinners } from './policy.js';

/**
 * Admin winners (spec §2 Winners, Winner dialog, §3 Winner, §7; issue 6). Only admins of the
 * campaign's city: the super-admin any city, an admin its own (403 otherwise). Every write is
 * audited in its transaction and then drops the city's cached consumer lists, so the consumer
 * winners list shows the change at once.
 */
export const winnersAdminRoutes = adminCrudRoutes({
  path: '/v1/adm/contemplados',
  idParam: 'id_sorteado',
  policy: mayAdministerWinners,
  query: ContempladosQuery,
  params: ContempladoParams,
  body: ContempladoBody,
  detail: ContempladoAdmin,
  oneInList: true,
  removed: z.object({ mensagem: z.string() }),
  status: { create: 201, update: 200, remove: 200 },
  summary: {
    list: 'Contemplados das campanhas da cidade, sorteio mais recente primeiro (q: nome do contemplado ou campanha); total em X-Total-Count',
    get: 'Um contemplado, numa lista de um item (o cliente usa o primeiro, spec §7)',
    create:
      'Registrar um contemplado; com id_sorteio (número do cupom na campanha) participante, loja e venda vêm do cupom, que sai dos próximos sorteios',
    update: 'Alterar um contemplado (só o que for enviado; fotos, se enviado, é a lista inteira)',
    remove:
      'Excluir um contemplado e suas fotos; o registro de um sorteio fica, e um cupom vinculado à mão volta aos sorteios',
  },
  conflicts: ['create', 'update'],
  service,
});
