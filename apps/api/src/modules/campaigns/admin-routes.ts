import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCidadeQuery,
  AdminListaQuery,
  CampanhaAdmin,
  CampanhaAdminDetalhe,
  CampanhaBody,
  CampanhaLojaMarcada,
  CampanhaLojasParams,
  ErroSchema,
  IdSchema,
} from '@praca/contract';
import { sendPage, writeAnswer } from '../shared/admin.js';
import { bearer } from '../../lib/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import * as service from './admin-service.js';
import { mayAdministerCampaigns } from './policy.js';

/** Errors of these routes carry the text in `erro` and in `error` (domain §1, spec §7). */
const ErroCampanha = ErroSchema.extend({ error: z.string() });
function erros<C extends number>(...codes: C[]): Record<C, typeof ErroCampanha> {
  return Object.fromEntries(codes.map((c) => [c, ErroCampanha])) as Record<C, typeof ErroCampanha>;
}

const IdCampanha = z.object({ id: IdSchema });

/**
 * Admin campaigns (spec §2 Campaigns, §3 Campaign, §7; domain §4). A super-admin works on any
 * city, an admin on its own (403 for another city's list or campaign). Every write is audited
 * and drops the city's cached consumer lists (campaigns and shops).
 */
export const campaignsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.CampaignDeps = { db: app.db, dialect: app.dialect };
  const onRequest = app.requireUser(mayAdministerCampaigns);
  const answer = writeAnswer(app);

  app.get(
    '/v1/adm/campanhas',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'Campanhas da cidade, mais recentes primeiro (q: id ou parte da descrição); total em X-Total-Count',
        security: bearer,
        querystring: AdminListaQuery,
        response: { 200: z.array(CampanhaAdmin), ...erros(400, 401, 403) },
      },
    },
    async (req, reply) => sendPage(reply, await service.list(app.db, currentUser(req), req.query)),
  );

  // A static segment wins over a parameter in the router, so this never clashes with /:id.
  app.get(
    '/v1/adm/campanhas/estabelecimentos/:id',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'Estabelecimentos do editor da campanha (id_campanha > 0 nos participantes); id 0: campanha nova da cidade ?cod_cidade',
        security: bearer,
        params: CampanhaLojasParams,
        querystring: AdminCidadeQuery,
        response: { 200: z.array(CampanhaLojaMarcada), ...erros(400, 401, 403, 404) },
      },
    },
    (req) => service.editorShops(app.db, currentUser(req), req.params.id, req.query),
  );

  app.get(
    '/v1/adm/campanhas/:id',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary: 'Uma campanha com os estabelecimentos da cidade marcados',
        security: bearer,
        params: IdCampanha,
        response: { 200: CampanhaAdminDetalhe, ...erros(400, 401, 403, 404) },
      },
    },
    (req) => service.getOne(app.db, currentUser(req), req.params.id),
  );

  app.post(
    '/v1/adm/campanhas',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary: 'Criar uma campanha com seus estabelecimentos e fatores',
        security: bearer,
        body: CampanhaBody,
        response: { 201: CampanhaAdminDetalhe, ...erros(400, 401, 403) },
      },
    },
    async (req, reply) => answer(reply, 201, await service.create(deps, currentUser(req), req.body, req.ip)),
  );

  app.patch(
    '/v1/adm/campanhas/:id',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'Alterar uma campanha (só o que for enviado; estabelecimentos, se enviado, é a lista inteira); vendas já registradas não mudam',
        security: bearer,
        params: IdCampanha,
        body: CampanhaBody,
        response: { 200: CampanhaAdminDetalhe, ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) =>
      answer(reply, 200, await service.update(deps, currentUser(req), req.params.id, req.body, req.ip)),
  );

  app.delete(
    '/v1/adm/campanhas/:id',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary: 'Excluir uma campanha sem vendas, cupons nem sorteios (409 se tiver)',
        security: bearer,
        params: IdCampanha,
        response: { 202: z.object({ mensagem: z.string() }), ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) =>
      answer(reply, 202, await service.remove(deps, currentUser(req), req.params.id, req.ip)),
  );
};
