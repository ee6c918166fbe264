import { MSG } from '@praca/contract';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { getSession, setSession } from '@/lib/session';
import { jsonResponse, TestProviders } from '@/test/render';
import { setScreen } from '@/test/screen';
import { lazyInNextTask, routes } from './router';
import { testSession } from '@/test/sessions';

const consumidor = testSession({
  token: 'tok',
  id_usuario: 5,
  nome: 'Ana Souza',
  email: 'ana@exemplo.com',
  cod_cidade: 1,
  cidade: 'Campinas',
});

let fetchMock: ReturnType<typeof vi.fn>;
let notificacoes: Response | (() => Response);

beforeEach(() => {
  notificacoes = jsonResponse(200, []);
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/v1/usuarios/notificacao'))
      return typeof notificacoes === 'function' ? notificacoes() : notificacoes;
    if (url.endsWith('/v1/adm/cidades'))
      return jsonResponse(200, [{ cod_cidade: 1, cidade: 'Campinas', uf: 'SP' }]);
    if (url.endsWith('/v1/logout')) return jsonResponse(200, { ok: true });
    return jsonResponse(404, { erro: 'não encontrado' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => queryClient.clear());

function open(path: string, list = routes) {
  const router = createMemoryRouter(list, { initialEntries: [path] });
  render(
    <TestProviders client={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

const heading = () => screen.findByRole('heading', { level: 1 });

describe('routes and guards (spec §2)', () => {
  it('shows "Unexpected Application Error!" on an unknown path', async () => {
    open('/nada-aqui');
    expect(await heading()).toHaveTextContent(MSG.erroInesperado);
  });

  it('shows Erro 401 publicly', async () => {
    open('/erro401');
    expect(await heading()).toHaveTextContent('Erro 401');
  });

  it.each([
    ['/meu/extrato', '/login'],
    ['/', '/login'],
    ['/perfil', '/login'],
    ['/parceiro/vender', '/parceiro/login'],
    ['/admin/home', '/admin/login'],
    ['/admin/auditoria', '/admin/login'],
    ['/mapa', '/admin/login'],
    ['/meu/numeros', '/login'],
    ['/admin/apuracoes', '/admin/login'],
    ['/admin/alertas', '/admin/login'],
  ])('sends %s without a session to %s', async (from, to) => {
    const router = open(from);
    expect(await heading()).toHaveTextContent('Acesse seu conta');
    expect(router.state.location.pathname).toBe(to);
  });

  it('sends a logged-out consumer to /login with next=<path+query>, and none for the home page', async () => {
    let router = open('/meu/extrato?ano=2025');
    await heading();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/meu/extrato?ano=2025');
    router.dispose();
    cleanup();
    router = open('/');
    await heading();
    expect(router.state.location.search).toBe('');
  });

  it('opens the city draws without a session, in the public layout (issue 36)', async () => {
    const router = open('/sorteios?cidade=1');
    expect(await heading()).toHaveTextContent('Sorteios');
    expect(router.state.location.pathname).toBe('/sorteios');
    expect(screen.getByRole('link', { name: 'Praça, ir para o login' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument();
  });

  it('opens the draws with the app menus when logged in (issue 36)', async () => {
    setSession(consumidor);
    open('/sorteios');
    expect(await heading()).toHaveTextContent('Sorteios');
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    await userEvent.click(await within(nav).findByRole('button', { name: 'Meu' }));
    expect(await screen.findByRole('menuitem', { name: 'Meus números da sorte' })).toHaveAttribute(
      'href',
      '/meu/numeros',
    );
    // Issue 53: the fiscal receipt, scanned from the resident's menu.
    expect(screen.getByRole('menuitem', { name: 'Escanear nota fiscal' })).toHaveAttribute(
      'href',
      '/meu/notas/escanear',
    );
  });

  it('partner and admin guards add no next', async () => {
    const router = open('/parceiro/vender');
    await heading();
    expect(router.state.location.pathname).toBe('/parceiro/login');
    expect(router.state.location.search).toBe('');
  });

  it('an e-mailed /remocaousuario link opened logged out comes back to the form after login', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/v1/login')) return jsonResponse(200, consumidor);
      return jsonResponse(200, []);
    });
    const code = 'x'.repeat(150);
    const router = open(`/remocaousuario?code=${code}`);
    expect(await heading()).toHaveTextContent('Acesse seu conta');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(`/remocaousuario?code=${code}`)}`);
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com');
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo1');
    await userEvent.click(screen.getByRole('button', { name: 'Acessar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/remocaousuario'));
    expect(router.state.location.search).toBe(`?code=${code}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Remover meu cadastro' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Confirme a senha')).toBeInTheDocument();
  });

  it.each(['//evil.com', 'https://evil.com/perfil', '/\\evil.com'])(
    'ignores next=%s after a consumer login and goes home',
    async (next) => {
      fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
        String(input).endsWith('/v1/login') ? jsonResponse(200, consumidor) : jsonResponse(200, []),
      );
      const router = open(`/login?next=${encodeURIComponent(next)}`);
      await heading();
      await userEvent.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com');
      await userEvent.type(screen.getByLabelText('Senha'), 'segredo1');
      await userEvent.click(screen.getByRole('button', { name: 'Acessar' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(router.state.location.search).toBe('');
    },
  );

  it('the removal page stays to show its congratulation after it ends the session', async () => {
    setSession(consumidor);
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).endsWith('/v1/usuarios/remocaousuario')
        ? jsonResponse(202, { ok: true })
        : jsonResponse(200, []),
    );
    const router = open(`/remocaousuario?code=${'y'.repeat(150)}`);
    expect(await heading()).toHaveTextContent('Remover meu cadastro');
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo1');
    await userEvent.type(screen.getByLabelText('Confirme a senha'), 'segredo1');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar remoção' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Parabéns!'));
    expect(getSession()).toBeNull();
    expect(router.state.location.pathname).toBe('/remocaousuario');
    // Any other page asks for a login again.
    await router.navigate('/perfil');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('keeps a consumer out of admin pages', async () => {
    setSession(consumidor);
    const router = open('/admin/campanha');
    await heading();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('opening /login or /admin clears the stored session', async () => {
    setSession(consumidor);
    open('/admin');
    await heading();
    expect(getSession()).toBeNull();
  });

  it('greets the consumer with a button to the achievements', async () => {
    setSession(consumidor);
    open('/');
    const link = await screen.findByRole('link', { name: 'Olá Ana Souza >' });
    expect(link).toHaveAttribute('href', '/meu/conquista');
    expect(screen.getByText('Versão 2025.01.02.001')).toBeInTheDocument();
  });

  it.each([
    ['/meu/desconto', 'Meu Desconto'],
    ['/meu/cupom', 'Meu Cupom'],
    ['/meu/conquista', 'Minhas conquistas'],
  ])('%s is titled %s', async (path, title) => {
    setSession(consumidor);
    open(path);
    expect(await heading()).toHaveTextContent(title);
  });

  it('opens partner and admin pages for their roles', async () => {
    setSession({ ...consumidor, parceiro: true, admin: true });
    const router = open('/parceiro/home');
    expect(await heading()).toHaveTextContent('Home Parceiro');
    await router.navigate('/admin/promocoes');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Promoções por Estabelecimento'),
    );
    await router.navigate('/admin/auditoria');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Auditoria'));
  });
});

describe('top navigation (spec §2)', () => {
  it('shows only the consumer menus to a consumer', async () => {
    setSession(consumidor);
    open('/');
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Turismo' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Meu' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Parceiro' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Administrador' })).not.toBeInTheDocument();
    expect(within(nav).queryByLabelText('Cidade')).not.toBeInTheDocument();
  });

  it('gives an admin the Administrador menu and the city selector', async () => {
    setSession({ ...consumidor, admin: true, superadmin: true });
    open('/admin/home');
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Administrador' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Home',
      'Aprova Avaliação',
      'Vender',
      'Campanha',
      'Estabelecimento',
      'Contemplado',
      'Apurações',
      'Contestações',
      'Notas fiscais',
      'Comprovações de CPF',
      'Notificação',
      'Avisos',
      'Promoções',
      'Turismo',
      'Auditoria',
      'Alertas',
      'Webhooks',
      'Entidades',
      'Sair',
    ]);
    const select = within(nav).getByLabelText('Cidade');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Cidade', 'Campinas - SP']),
    );
  });

  it('shows the notification count only when above 0', async () => {
    notificacoes = jsonResponse(200, [
      { id_message: 1, title: 'a', body: 'b' },
      { id_message: 2, title: 'c', body: 'd' },
    ]);
    setSession(consumidor);
    open('/');
    const bell = await screen.findByRole('link', { name: 'Notificações' });
    expect(bell).toHaveAttribute('href', '/notificacao');
    await waitFor(() => expect(bell).toHaveAccessibleDescription('2 notificações'));
    expect(screen.getByTestId('notificacoes-badge')).toHaveTextContent('2');
  });

  it('shows no badge when the notifications call fails, and does not retry', async () => {
    notificacoes = () => jsonResponse(500, { erro: 'falhou' });
    setSession(consumidor);
    open('/');
    const bell = await screen.findByRole('link', { name: 'Notificações' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/notificacao'))).toHaveLength(1),
    );
    expect(bell).not.toHaveAccessibleDescription();
    expect(screen.getByTestId('notificacoes-badge')).toHaveTextContent('');
  });

  it('on a phone puts the same menus behind the burger button', async () => {
    setScreen('phone');
    setSession({ ...consumidor, parceiro: true });
    open('/');
    const burger = await screen.findByRole('button', { name: 'Abrir menu' });
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument();
    await userEvent.click(burger);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Turismo' })).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Parceiro' }));
    const items = await within(drawer).findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Aprova Avaliação',
      'Vender',
      'Estabelecimento',
      'Integração',
      'Sair',
    ]);
    expect(within(drawer).queryByRole('button', { name: 'Administrador' })).not.toBeInTheDocument();
  });

  it('Sair calls /v1/logout, forgets the session and goes to /login', async () => {
    setSession(consumidor);
    const router = open('/meu/extrato');
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Meu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession()).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/v1/logout'))).toBe(true);
    // Plain /login: the page that was open is not handed to the next person as ?next=.
    await screen.findByRole('button', { name: 'Acessar' });
    expect(router.state.location.search).toBe('');
  });
});

describe('screens load their code after the router starts (decision 030)', () => {
  const lazyRoutes = (list: RouteObject[]): RouteObject[] =>
    list.flatMap((r) => [...(typeof r.lazy === 'function' ? [r] : []), ...lazyRoutes(r.children ?? [])]);

  it('calls no screen import in the task that asked for it, and each one in the next task', async () => {
    const original = lazyRoutes(routes);
    const calls: number[] = [];
    const spied = original.map((r, i) => ({
      ...r,
      lazy: () => {
        calls.push(i);
        return Promise.resolve({});
      },
    })) as RouteObject[];
    const wrapped = lazyInNextTask(spied);
    expect(wrapped).toHaveLength(original.length);
    vi.useFakeTimers();
    try {
      const pending = wrapped.map((r) => (r.lazy as () => Promise<unknown>)());
      await Promise.resolve();
      expect(calls).toEqual([]);
      await vi.runOnlyPendingTimersAsync();
      await Promise.all(pending);
      expect(calls).toEqual(original.map((_, i) => i));
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps every route of the tree, and its screens still open', async () => {
    const wrapped = lazyInNextTask(routes);
    expect(lazyRoutes(wrapped)).toHaveLength(lazyRoutes(routes).length);
    expect(lazyRoutes(routes).length).toBeGreaterThan(30);
    open('/erro401', wrapped);
    expect(await heading()).toHaveTextContent('Erro 401');
    cleanup();
    setSession(consumidor);
    open('/', wrapped);
    expect(await screen.findByRole('link', { name: 'Olá Ana Souza >' })).toHaveAttribute(
      'href',
      '/meu/conquista',
    );
  });
});
