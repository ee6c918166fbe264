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
/** How a shop's system uses an API key (issue 39), in Portuguese with a curl example. */
const CHAVE_API_DOC = `Chave de API de um estabelecimento (issue 39): o parceiro a cria em
/parceiro/integracao (ou \`POST /v1/parceiro/chaves\`) e ela aparece uma única vez. Envie-a como
\`Authorization: Bearer <chave>\` nas rotas de vendas do parceiro (registrar, alterar, listar,
excluir): a chave age como o parceiro, só para aquele estabelecimento (outro estabelecimento: 403),
com todas as regras e limites da campanha, e cada escrita fica na auditoria com a chave. Limite de
requisições por chave por minuto (CHAVE_RATE_MAX, padrão 120; depois 429 com Retry-After).
Revogada, responde 401. Exemplo — registrar uma venda:

\`\`\`
curl -X POST https://praca.exemplo.gov.br/v1/parceiro/vendas \\
  -H "Authorization: Bearer praca_SuaChaveAqui" \\
  -H "Content-Type: application/json" \\
  -d '{"id_campanha": 7, "id_estabelecimento": 12, "id_usuario": 345,
       "dat_venda": "2026-11-26", "numero_venda": "NF-1001",
       "valor_venda": 150.00, "id_vendedor": 99}'
\`\`\``;

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
          chaveApi: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'praca_…',
            description: CHAVE_API_DOC,
          },
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
