import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoriasResposta } from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { mayListCategories } from './policy.js';
import * as service from './service.js';

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/adm/categorias',
    {
      onRequest: app.requireUser(mayListCategories),
      schema: {
        tags: ['categorias'],
        summary: 'Categorias de estabelecimento',
        security: bearer,
        response: { 200: CategoriasResposta, ...erros(401, 403) },
      },
    },
    () => service.listCategories(app.db),
  );
};
