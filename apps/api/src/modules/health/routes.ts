import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema, ProntidaoSchema } from '@praca/contract';
import { erros } from '../../plugins/openapi.js';
import { answersUnderPressure } from '../../plugins/overload.js';
import * as service from './service.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers (and its database). Never shed under overload: an
  // orchestrator that restarts on it would kill the busy instances.
  app.get(
    '/health',
    {
      config: answersUnderPressure,
      schema: {
        tags: ['sistema'],
        summary: 'Saúde do servidor e do banco',
        response: { 200: HealthSchema, ...erros(503) },
      },
    },
    () => service.health(app.db, app.dialect),
  );

  // Issue 54, readiness: whether this instance should get traffic now.
  app.get(
    '/health/pronto',
    {
      config: answersUnderPressure,
      schema: {
        tags: ['sistema'],
        summary: 'Prontidão: banco e migrações, armazenamento, fila de tarefas e carga',
        description:
          '200 quando a instância pode receber tráfego; 503 com as checagens que falharam nomeadas em `erro` ' +
          '(banco fora, migrações pendentes, armazenamento sem gravar, fila parada ou servidor sobrecarregado). ' +
          'A checagem do armazenamento vale por 30 s.',
        response: { 200: ProntidaoSchema, 503: ProntidaoSchema },
      },
    },
    async (_req, reply) => {
      const { status, body } = await service.readiness(app.services.health);
      return reply.code(status).send(body);
    },
  );
};
