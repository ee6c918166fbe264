import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Image service (issue 5). */
export const imagesRoutes: FastifyPluginAsyncZod = async () => {};
