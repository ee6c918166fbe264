import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Admin campaigns (issue 5). */
export const campaignsAdminRoutes: FastifyPluginAsyncZod = async () => {};
