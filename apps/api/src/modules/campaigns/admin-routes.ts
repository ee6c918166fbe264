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
  ExportacaoCriada,
  ExportavelQuery,
  type FormatoExportacao,
  IdSchema,
} from '@praca/contract';
import { bearer } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { adminCrudRoutes } from '../shared/admin-crud.js';
// The CRUD functions go to adminCrudRoutes as one namespace; the shops' route calls its own.
import * as service from './admin-service.js';
import { editorShops } from './admin-service.js';
import { mayAdministerCampaigns } from './policy.js';
import { CAMPAIGN_COLUMNS, CAMPAIGN_SHOP_COLUMNS } from './export.js';
import { wholeList } from '../exports/sources.js';

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
const campaignsCrudRoutes = adminCrudRoutes({
  path: '/v1/adm/campanhas',
  policy: mayAdministerCampaigns,
  query: AdminListaQuery.extend(ExportavelQuery.shape),
  params: IdCampanha,
  body: CampanhaBody,
  item: CampanhaAdmin,
  detail: CampanhaAdminDetalhe,
  removed: z.object({ mensagem: z.string() }),
  status: { create: 201, update: 200, remove: 202 },
  summary: {
    list: 'Campanhas da cidade, mais recentes primeiro (q: id ou parte da descrição); total em X-Total-Count',
    get: 'Uma campanha com os estabelecimentos da cidade marcados',
    create: 'Criar uma campanha com seus estabelecimentos e fatores',
    update:
      'Alterar uma campanha (só o que for enviado; estabelecimentos, se enviado, é a lista inteira); vendas já registradas não mudam',
    remove: 'Excluir uma campanha sem vendas, cupons nem sorteios (409 se tiver)',
  },
  conflicts: ['update', 'remove'],
  errors: erros,
  service,
  exportacao: { lista: 'campanhas', titulo: 'Campanhas', arquivo: 'campanhas', colunas: CAMPAIGN_COLUMNS },
});

/** The campaign editor's routes, and the list of shops it marks. */
export const campaignsAdminRoutes: FastifyPluginAsyncZod = async (app, opts) => {
  type ShopsQuery = { id: number; cod_cidade?: number; codcidade?: number; formato?: FormatoExportacao };
  const shopsExport = app.exports.list<ShopsQuery, CampanhaLojaMarcada>({
    lista: 'campanha-estabelecimentos',
    titulo: 'Estabelecimentos da campanha',
    arquivo: (q) => `campanha-${q.id}-estabelecimentos`,
    colunas: CAMPAIGN_SHOP_COLUMNS,
    fonte: async (db, user, q) => wholeList(await editorShops(db, user, q.id, q)),
  });
  // A static segment wins over a parameter in the router, so this never clashes with /:id.
  app.get(
    '/v1/adm/campanhas/estabelecimentos/:id',
    {
      onRequest: app.requireUser(mayAdministerCampaigns),
      schema: {
        tags: ['adm'],
        summary:
          'Estabelecimentos do editor da campanha (id_campanha > 0 nos participantes); id 0: campanha nova da cidade ?cod_cidade',
        security: bearer,
        params: CampanhaLojasParams,
        querystring: AdminCidadeQuery.extend(ExportavelQuery.shape),
        response: { 200: z.array(CampanhaLojaMarcada), 202: ExportacaoCriada, ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      if (req.query.formato)
        return app.exports.answer(req, reply, shopsExport, { ...req.query, id: req.params.id });
      return editorShops(app.db, currentUser(req), req.params.id, req.query);
    },
  );
  await campaignsCrudRoutes(app, opts);
};
