import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@praca/contract';

/**
 * The OpenAPI document, generated from the same zod schemas that validate each route, and its
 * page. The page library redirects `/docs/static/index.html` to `/docs/` by rewriting the URL
 * only when it ends there, so with a query (`?x=1`) it redirected to itself forever (issue 37):
 * that one route is answered here first, query kept, and the library's handler never runs.
 */
export async function registerDocs(app: FastifyInstance, base: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Praça API',
        description: 'API do programa de fidelidade Praça. Todo erro é `{ "erro": "<mensagem>" }`.',
        version: APP_VERSION,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          basicAuth: { type: 'http', scheme: 'basic' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: `${base}/docs`,
    uiConfig: { docExpansion: 'list', deepLinking: false, validatorUrl: null },
    uiHooks: {
      onRequest: (req, reply, done) => {
        if (req.routeOptions.url !== `${base}/docs/static/index.html`) return done();
        const query = req.url.indexOf('?');
        void reply.redirect(`${base}/docs/${query < 0 ? '' : req.url.slice(query)}`);
      },
    },
  });
}
