import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema } from '@praca/contract';
import { erros } from '../../plugins/openapi.js';
import * as service from './service.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Saúde do servidor e do banco',
        response: { 200: HealthSchema, ...erros(503) },
      },
    },
    () => service.health(app.db, app.dialect),
  );
};
