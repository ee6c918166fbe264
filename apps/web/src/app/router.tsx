import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { prefetchHome } from '@/features/home/prefetch';
import { routerBasename } from '@/config/env';
import { paths, segment } from '@/config/paths';
import { queryClient } from '@/lib/query-client';
import { clearSession } from '@/lib/session';
import { consumeKeepSession, guardLoader, RequireRole } from './guards';
import { AppLayout } from './layouts/app-layout';
import { OpenLayout } from './layouts/open-layout';
import { BareLayout, PublicLayout } from './layouts/public-layout';
import { ErrorPage } from './error-page';
import { RootLayout } from './root-layout';

/**
 * Opening a login page clears the stored session (spec §2: /login and /admin), except when
 * a guard brought us here because another tab changed the session.
 */
function clearSessionLoader() {
  if (consumeKeepSession()) return null;
  clearSession();
  queryClient.clear();
  return null;
}

/**
 * Every route of spec §2. Each screen is its own lazily loaded chunk, so partner and admin
 * code never reaches a consumer's phone.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        element: <BareLayout />,
        children: [
          {
            path: segment(paths.login),
            loader: clearSessionLoader,
            lazy: () => import('@/features/auth/routes/login'),
          },
          {
            path: segment(paths.parceiro.root),
            loader: clearSessionLoader,
            lazy: () => import('@/features/auth/routes/parceiro-login'),
          },
          {
            path: segment(paths.parceiro.login),
            loader: clearSessionLoader,
            lazy: () => import('@/features/auth/routes/parceiro-login'),
          },
          {
            path: segment(paths.admin.root),
            loader: clearSessionLoader,
            lazy: () => import('@/features/auth/routes/admin-login'),
          },
          {
            path: segment(paths.admin.login),
            loader: clearSessionLoader,
            lazy: () => import('@/features/auth/routes/admin-login'),
          },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          { path: segment(paths.cadastro), lazy: () => import('@/features/auth/routes/cadastro') },
          { path: segment(paths.erro401), lazy: () => import('@/features/auth/routes/erro-401') },
          {
            path: segment(paths.solicitarRedefinir),
            lazy: () => import('@/features/auth/routes/solicitar-redefinir'),
          },
          {
            path: segment(paths.redefinirSenha),
            lazy: () => import('@/features/auth/routes/redefinir-senha'),
          },
          {
            path: segment(paths.definirSenha),
            lazy: () => import('@/features/auth/routes/definir-senha'),
          },
          // Issue 52: where gov.br's callback sends the browser (one small chunk for its pages).
          { path: segment(paths.govbr), lazy: () => import('@/features/govbr/routes/govbr') },
        ],
      },
      {
        // Issue 36: the city's draws are public, so a regulator or a resident checks them
        // without an account.
        element: <OpenLayout />,
        children: [
          { path: segment(paths.sorteios), lazy: () => import('@/features/apuracoes/routes/sorteios') },
          { path: segment(paths.apuracao), lazy: () => import('@/features/apuracoes/routes/apuracao') },
          {
            path: segment(paths.sorteioInstantaneo),
            lazy: () => import('@/features/apuracoes/routes/sorteio-instantaneo'),
          },
          { path: segment(paths.entidades), lazy: () => import('@/features/entidades/routes/entidades') },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          {
            loader: guardLoader('usuario'),
            element: <RequireRole role="usuario" />,
            children: [
              // `loader` after `lazy`: it runs in parallel with the chunk's download.
              { index: true, lazy: () => import('@/features/home/routes/home'), loader: prefetchHome },
              { path: segment(paths.perfil), lazy: () => import('@/features/profile/routes/perfil') },
              {
                path: segment(paths.remocaoUsuario),
                lazy: () => import('@/features/profile/routes/remocao-usuario'),
              },
              {
                path: segment(paths.notificacao),
                lazy: () => import('@/features/notifications/routes/notificacao'),
              },
              { path: segment(paths.turismo), lazy: () => import('@/features/tourism/routes/turismo') },
              { path: segment(paths.meu.extrato), lazy: () => import('@/features/coupons/routes/extrato') },
              { path: segment(paths.meu.desconto), lazy: () => import('@/features/coupons/routes/desconto') },
              { path: segment(paths.meu.cupom), lazy: () => import('@/features/coupons/routes/cupom') },
              {
                path: segment(paths.meu.entidade),
                lazy: () => import('@/features/entidades/routes/minha-entidade'),
              },
              {
                path: segment(paths.meu.conquista),
                lazy: () => import('@/features/coupons/routes/conquista'),
              },
              {
                path: segment(paths.meu.resgatar),
                lazy: () => import('@/features/coupons/routes/resgatar'),
              },
              {
                path: segment(paths.meu.participantes),
                lazy: () => import('@/features/establishments/routes/participantes'),
              },
              {
                path: segment(paths.meu.sorteados),
                lazy: () => import('@/features/winners/routes/sorteados'),
              },
              {
                path: segment(paths.meu.numeros),
                lazy: () => import('@/features/apuracoes/routes/meus-numeros'),
              },
              { path: segment(paths.meu.notas), lazy: () => import('@/features/recibos/routes/notas') },
              {
                path: segment(paths.meu.escanearNota),
                lazy: () => import('@/features/recibos/routes/escanear'),
              },
            ],
          },
          {
            loader: guardLoader('parceiro'),
            element: <RequireRole role="parceiro" />,
            children: [
              { path: segment(paths.parceiro.home), lazy: () => import('@/features/partner/routes/home') },
              { path: segment(paths.parceiro.cupom), lazy: () => import('@/features/partner/routes/cupom') },
              {
                path: segment(paths.parceiro.desconto),
                lazy: () => import('@/features/partner/routes/desconto'),
              },
              {
                path: segment(paths.parceiro.outrooo),
                lazy: () => import('@/features/partner/routes/outrooo'),
              },
              {
                path: segment(paths.parceiro.vender),
                lazy: () => import('@/features/sales/routes/parceiro-vender'),
              },
              {
                path: segment(paths.parceiro.aprovaAvaliacao),
                lazy: () => import('@/features/reviews/routes/parceiro-aprova-avaliacao'),
              },
              {
                path: segment(paths.parceiro.estabelecimento),
                lazy: () => import('@/features/establishments/routes/parceiro-estabelecimento'),
              },
              {
                path: segment(paths.parceiro.integracao),
                lazy: () => import('@/features/integration/routes/parceiro-integracao'),
              },
            ],
          },
          {
            loader: guardLoader('admin'),
            element: <RequireRole role="admin" />,
            children: [
              {
                path: segment(paths.admin.home),
                lazy: () => import('@/features/dashboard/routes/admin-home'),
              },
              {
                path: segment(paths.admin.aprovaAvaliacao),
                lazy: () => import('@/features/reviews/routes/admin-aprova-avaliacao'),
              },
              {
                path: segment(paths.admin.vender),
                lazy: () => import('@/features/sales/routes/admin-vender'),
              },
              {
                path: segment(paths.admin.campanha),
                lazy: () => import('@/features/campaigns/routes/admin-campanha'),
              },
              {
                path: segment(paths.admin.estabelecimento),
                lazy: () => import('@/features/establishments/routes/admin-estabelecimento'),
              },
              {
                path: segment(paths.admin.importarEstabelecimentos),
                lazy: () => import('@/features/imports/routes/admin-importar-estabelecimentos'),
              },
              {
                path: segment(paths.admin.importarTurismo),
                lazy: () => import('@/features/imports/routes/admin-importar-turismo'),
              },
              {
                path: segment(paths.admin.contemplado),
                lazy: () => import('@/features/winners/routes/admin-contemplado'),
              },
              {
                path: segment(paths.admin.desconto),
                lazy: () => import('@/features/coupons/routes/admin-desconto'),
              },
              {
                path: segment(paths.admin.notificacao),
                lazy: () => import('@/features/notifications/routes/admin-notificacao'),
              },
              {
                path: segment(paths.admin.aviso),
                lazy: () => import('@/features/notices/routes/admin-aviso'),
              },
              {
                path: segment(paths.admin.promocoes),
                lazy: () => import('@/features/promotions/routes/admin-promocoes'),
              },
              {
                path: segment(paths.admin.turismo),
                lazy: () => import('@/features/tourism/routes/admin-turismo'),
              },
              {
                path: segment(paths.admin.auditoria),
                lazy: () => import('@/features/audit/routes/admin-auditoria'),
              },
              {
                path: segment(paths.admin.apuracoes),
                lazy: () => import('@/features/apuracoes/routes/admin-apuracoes'),
              },
              {
                path: segment(paths.admin.alertas),
                lazy: () => import('@/features/alerts/routes/admin-alertas'),
              },
              {
                path: segment(paths.admin.webhooks),
                lazy: () => import('@/features/integration/routes/admin-webhooks'),
              },
              {
                path: segment(paths.admin.contestacoes),
                lazy: () => import('@/features/contestacoes/routes/admin-contestacoes'),
              },
              {
                path: segment(paths.admin.recibos),
                lazy: () => import('@/features/recibos/routes/admin-recibos'),
              },
              {
                path: segment(paths.admin.comprovacoesCpf),
                lazy: () => import('@/features/cpf-comprovacoes/routes/admin-cpf-comprovacoes'),
              },
              {
                path: segment(paths.admin.entidades),
                lazy: () => import('@/features/entidades/routes/admin-entidades'),
              },
              { path: segment(paths.mapa), lazy: () => import('@/features/map/routes/mapa') },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * A copy of `list` whose screens ask for their code in a task after the one that called
 * `lazy`. The router calls `lazy` while it starts, in the same task as its route matching; the
 * import goes through Vite's preload helper, which adds a `modulepreload` link for each chunk
 * the screen needs (16 for /login, 12 for the home). Under Lighthouse's 4x CPU slowdown that
 * made the router's start the longest task of /login; this way it is two shorter ones
 * (decision 030).
 */
export function lazyInNextTask(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const load = route.lazy;
    const copy = { ...route } as RouteObject;
    if (typeof load === 'function')
      copy.lazy = () => new Promise<void>((resolve) => setTimeout(resolve, 0)).then(load);
    if (route.children) copy.children = lazyInNextTask(route.children);
    return copy;
  });
}

export function createAppRouter() {
  return createBrowserRouter(lazyInNextTask(routes), { basename: routerBasename() });
}
