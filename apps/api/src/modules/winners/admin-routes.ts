import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AnulacaoBody,
  ContempladoAdmin,
  ContempladoBody,
  ContempladoParams,
  ContempladosQuery,
  ExportavelQuery,
  type TipoAnulacao,
} from '@praca/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { scheduleSubstitute } from '../apuracoes/substitutes.js';
import { currentUser } from '../../plugins/auth.js';
import { bearer, erros } from '../../plugins/openapi.js';
import { writeAnswer } from '../shared/admin.js';
import { adminCrudRoutes } from '../shared/admin-crud.js';
import * as service from './admin-service.js';
import { annul, deliver } from './admin-service.js';
import { mayAdministerWinners } from './policy.js';
import { WINNER_COLUMNS } from './export.js';

const Mensagem = z.object({ mensagem: z.string() });

/**
 * Admin winners (spec §2 Winners, Winner dialog, §3 Winner, §7; issue 6). Only admins of the
 * campaign's city: the super-admin any city, an admin its own (403 otherwise). Every write is
 * audited in its transaction and then drops the city's cached consumer lists, so the consumer
 * winners list shows the change at once.
 */
const editorRoutes = adminCrudRoutes({
  path: '/v1/adm/contemplados',
  idParam: 'id_sorteado',
  policy: mayAdministerWinners,
  query: ContempladosQuery.extend(ExportavelQuery.shape),
  params: ContempladoParams,
  body: ContempladoBody,
  detail: ContempladoAdmin,
  oneInList: true,
  removed: Mensagem,
  status: { create: 201, update: 200, remove: 200 },
  summary: {
    list: 'Contemplados das campanhas da cidade, sorteio mais recente primeiro (q: nome do contemplado ou campanha); total em X-Total-Count',
    get: 'Um contemplado, numa lista de um item (o cliente usa o primeiro, spec §7)',
    create:
      'Registrar um contemplado; com id_sorteio (número do cupom na campanha) participante, loja e venda vêm do cupom, que sai dos próximos sorteios',
    update: 'Alterar um contemplado (só o que for enviado; fotos, se enviado, é a lista inteira)',
    remove:
      'Excluir um contemplado registrado à mão e suas fotos (um cupom vinculado volta aos sorteios); o de um sorteio ou apuração não se exclui (409): anula-se',
  },
  conflicts: ['create', 'update', 'remove'],
  service,
  exportacao: {
    lista: 'contemplados',
    titulo: 'Contemplados',
    arquivo: 'contemplados',
    colunas: WINNER_COLUMNS,
  },
});

/**
 * The editor's routes, and the two that record what became of a prize (issue 36): the
 * annulment, with a reason that is public next to the draw (no hidden re-draws), and the
 * delivery. Same rule as the editor: admins of the winner's campaign's city.
 */
export const winnersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(editorRoutes);
  const deps = app.services.winners;
  const answer = writeAnswer(app);
  const onRequest = app.requireUser(mayAdministerWinners);
  // Issue 49: an apuração's annulled winner gets a substitute from a later contest.
  const substitute = (trx: Kysely<Database>, id: number, tipo: TipoAnulacao, motivo: string, at: string) =>
    scheduleSubstitute(trx, deps.substitutes, id, tipo, motivo, null, at);

  app.post(
    '/v1/adm/contemplados/:id_sorteado/anulacao',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'Anular um contemplado (inalcançável, inelegível) com o motivo, que fica público junto ao sorteio; o cupom continua sorteado',
        security: bearer,
        params: ContempladoParams,
        body: AnulacaoBody,
        response: { 200: Mensagem, ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) =>
      answer(
        reply,
        200,
        await annul(
          deps,
          { user: currentUser(req), ip: req.ip },
          req.params.id_sorteado,
          req.body.motivo,
          req.body.tipo,
          substitute,
        ),
      ),
  );

  app.post(
    '/v1/adm/contemplados/:id_sorteado/entrega',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary: 'Marcar o prêmio de um contemplado como entregue (a primeira data fica; anulado: 409)',
        security: bearer,
        params: ContempladoParams,
        response: { 200: Mensagem, ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) =>
      answer(reply, 200, await deliver(deps, { user: currentUser(req), ip: req.ip }, req.params.id_sorteado)),
  );
};
