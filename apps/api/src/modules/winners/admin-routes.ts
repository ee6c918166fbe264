import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Admin winners (issue 6). */
export const winnersAdminRoutes: FastifyPluginAsyncZod = async () => {};
