import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Admin establishments and their sellers (issue 5). */
export const establishmentsAdminRoutes: FastifyPluginAsyncZod = async () => {};
