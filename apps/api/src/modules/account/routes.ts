import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 9: profile, password change, reset and removal by e-mail, data export (domain §9). */
export const accountRoutes: FastifyPluginAsyncZod = async () => {};
