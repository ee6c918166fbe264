import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Prize draws and their public records (issue 6). */
export const drawsRoutes: FastifyPluginAsyncZod = async () => {};
