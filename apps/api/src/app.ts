import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { MSG } from '@praca/contract';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import { useZodInPortuguese, validatorCompiler } from './plugins/validation.js';
import { registerAuth } from './plugins/auth.js';
import { registerCityCache } from './plugins/city-cache.js';
import { registerContext } from './plugins/context.js';
import { registerDocs } from './plugins/docs.js';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler.js';
import { registerOverload } from './plugins/overload.js';
import { registerSecurity } from './plugins/security.js';
import { registerWebApp } from './plugins/web-app.js';
import { loggedUrl, OneLinePerRequest, prettyLogStream } from './plugins/request-log.js';
import { benchCeiling } from './plugins/bench-ceiling.js';
import { authRoutes } from './modules/auth/routes.js';
import { campaignsRoutes } from './modules/campaigns/routes.js';
import { couponsRoutes } from './modules/coupons/routes.js';
import { campaignsAdminRoutes } from './modules/campaigns/admin-routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { drawsRoutes } from './modules/draws/routes.js';
import { apuracoesRoutes } from './modules/apuracoes/routes.js';
import { winnersAdminRoutes } from './modules/winners/admin-routes.js';
import { establishmentsAdminRoutes } from './modules/establishments/admin-routes.js';
import { establishmentsPartnerRoutes } from './modules/establishments/partner-routes.js';
import { imagesRoutes } from './modules/images/routes.js';
import { establishmentsRoutes } from './modules/establishments/routes.js';
import { noticesRoutes } from './modules/notices/routes.js';
import { promotionsRoutes } from './modules/promotions/routes.js';
import { reviewsRoutes } from './modules/reviews/routes.js';
import { salesRoutes } from './modules/sales/routes.js';
import { contestacoesRoutes } from './modules/contestacoes/routes.js';
import { recibosRoutes } from './modules/recibos/routes.js';
import { cpfComprovacoesRoutes } from './modules/cpf-comprovacoes/routes.js';
import { winnersRoutes } from './modules/winners/routes.js';
import { categoriesRoutes } from './modules/categories/routes.js';
import { citiesRoutes } from './modules/cities/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { usersRoutes } from './modules/users/routes.js';
import { noticesAdminRoutes } from './modules/notices/admin-routes.js';
import { promotionsAdminRoutes } from './modules/promotions/admin-routes.js';
import { tourismAdminRoutes } from './modules/tourism/admin-routes.js';
import { tourismRoutes } from './modules/tourism/routes.js';
import { notificationsRoutes } from './modules/notifications/routes.js';
import { accountRoutes } from './modules/account/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { alertsRoutes } from './modules/alerts/routes.js';
import { entidadesRoutes } from './modules/entidades/routes.js';
import { importsRoutes } from './modules/imports/routes.js';
import { govbrRoutes } from './modules/govbr/routes.js';
import { registerJobs } from './plugins/jobs.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerIntegration } from './plugins/integration.js';
import { integrationRoutes } from './modules/integration/routes.js';
import { registerExports } from './plugins/exports.js';
import { registerBackups } from './plugins/backups.js';
import { registerServices, type ServiceFakes } from './plugins/services.js';
import { exportsRoutes } from './modules/exports/routes.js';
import { salesAdminRoutes } from './modules/sales/admin-routes.js';
import { couponsAdminRoutes } from './modules/coupons/admin-routes.js';

/**
 * The whole product on one Fastify instance: external plugins → app plugins → modules.
 * Everything lives under BASE_PATH (`/` by default). The app plugins make every service once
 * (plugins/services.ts is the composition root); a module's routes take theirs from `app`.
 */
export async function buildApp(
  config: Config,
  db: Db,
  options: { logStream?: { write(line: string): unknown } } & ServiceFakes = {},
): Promise<FastifyInstance> {
  useZodInPortuguese();
  const base = config.BASE_PATH.replace(/\/$/, ''); // '' or '/praca'

  // One line per request (request-log.ts), as text in a terminal; `logStream` is for tests.
  const stream =
    options.logStream ??
    (config.logPretty ? prettyLogStream(process.stdout, !process.env.NO_COLOR) : undefined);
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization'],
      hooks: { streamWrite: loggedUrl },
      ...(stream ? { stream } : {}),
    },
    logController: new OneLinePerRequest(),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
  });
  // JSON only: a text/plain body is 415, not a string that fails validation.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerContext(app, config, db);

  // External plugins.
  await registerSecurity(app, config);
  // Issue 54: 503 with Retry-After while overloaded (every route but the health ones).
  await registerOverload(app, config);
  await registerDocs(app, base);

  // App plugins.
  registerAuth(app);
  await registerJobs(app, db, config.DATABASE_URL);
  // Issue 54: Prometheus metrics on METRICS_PORT (nothing at all without it).
  await registerMetrics(app, config, db);
  registerExports(app);
  await registerBackups(app);
  registerCityCache(app, { dialect: db.dialect, databaseUrl: config.DATABASE_URL, db: db.db });
  registerIntegration(app);
  // The composition root: every module's services, made once (tests pass fakes in `options`).
  registerServices(app, { mailer: options.mailer });
  const web = await registerWebApp(app, config, base, app.storage);
  app.setNotFoundHandler((req, reply) => {
    if (!web.fallback(req, reply)) void reply.code(404).send({ erro: MSG.rotaNaoEncontrada });
  });

  // Modules.
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(citiesRoutes);
      await api.register(categoriesRoutes);
      await api.register(establishmentsRoutes);
      await api.register(campaignsRoutes);
      await api.register(winnersRoutes);
      await api.register(noticesRoutes);
      await api.register(promotionsRoutes);
      await api.register(reviewsRoutes);
      await api.register(salesRoutes);
      await api.register(contestacoesRoutes);
      await api.register(recibosRoutes);
      await api.register(cpfComprovacoesRoutes);
      await api.register(couponsRoutes);
      await api.register(establishmentsAdminRoutes);
      await api.register(establishmentsPartnerRoutes);
      await api.register(campaignsAdminRoutes);
      await api.register(dashboardRoutes);
      await api.register(imagesRoutes);
      await api.register(drawsRoutes);
      await api.register(apuracoesRoutes);
      await api.register(winnersAdminRoutes);
      await api.register(tourismRoutes);
      await api.register(noticesAdminRoutes);
      await api.register(promotionsAdminRoutes);
      await api.register(notificationsRoutes);
      await api.register(accountRoutes);
      await api.register(tourismAdminRoutes);
      await api.register(auditRoutes);
      await api.register(alertsRoutes);
      await api.register(integrationRoutes);
      await api.register(entidadesRoutes);
      await api.register(exportsRoutes);
      await api.register(salesAdminRoutes);
      await api.register(couponsAdminRoutes);
      await api.register(importsRoutes);
      await api.register(govbrRoutes);
      if (config.BENCH_CEILING) await api.register(benchCeiling); // bench/ only (issue 10)
    },
    { prefix: base },
  );

  return app;
}
