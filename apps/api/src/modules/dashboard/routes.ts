import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Admin dashboard (issue 5). */
export const dashboardRoutes: FastifyPluginAsyncZod = async () => {};
