import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 8: user notifications, push subscriptions and the admin fan-out (domain §8). */
export const notificationsRoutes: FastifyPluginAsyncZod = async () => {};
