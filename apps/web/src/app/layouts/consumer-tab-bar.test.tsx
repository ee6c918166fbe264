import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setSession } from '@/lib/session';
import { jsonResponse, TestProviders } from '@/test/render';
import { setScreen } from '@/test/screen';
import { testSession } from '@/test/sessions';
import { routes } from '../router';

const consumidor = testSession({ nome: 'Ana Souza', cod_cidade: 0 });

let notificacoes: Response;

beforeEach(() => {
  notificacoes = jsonResponse(200, []);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/v1/usuarios/notificacao')
        ? notificacoes
        : jsonResponse(404, { erro: 'não encontrado' }),
    ),
  );
});

afterEach(() => queryClient.clear());

function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <TestProviders client={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

const tabBar = () => screen.findByRole('navigation', { name: 'Atalhos' });

describe("the consumer's bottom tab bar (issue 35)", () => {
  it('shows a consumer on a phone five tabs, each to its page, the current one marked', async () => {
    setScreen('phone');
    setSession(consumidor);
    open('/');
    const links = within(await tabBar()).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Início', '/'],
      ['Cupons', '/meu/conquista'],
      ['Resgatar', '/meu/resgatar'],
      ['Notificações', '/notificacao'],
      ['Perfil', '/perfil'],
    ]);
    expect(links.map((l) => l.getAttribute('aria-current'))).toEqual(['page', null, null, null, null]);
  });

  it('takes over the bell and the profile button of the top bar, badge included', async () => {
    notificacoes = jsonResponse(200, [
      { id_message: 1, title: 'a', body: 'b' },
      { id_message: 2, title: 'c', body: 'd' },
    ]);
    setScreen('phone');
    setSession(consumidor);
    open('/');
    const bar = await tabBar();
    const bell = within(bar).getByRole('link', { name: 'Notificações' });
    await waitFor(() => expect(bell).toHaveAccessibleDescription('2 notificações'));
    expect(screen.getByTestId('notificacoes-badge')).toHaveTextContent('2');
    // One way to each: none in the top bar.
    expect(screen.getAllByRole('link', { name: 'Notificações' })).toEqual([bell]);
    expect(screen.queryByRole('link', { name: 'Meus Perfil' })).not.toBeInTheDocument();
  });

  it('follows a tab and marks it current', async () => {
    setScreen('phone');
    setSession(consumidor);
    const router = open('/');
    await userEvent.click(within(await tabBar()).getByRole('link', { name: 'Resgatar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/meu/resgatar'));
    // The router's state moves before React draws the new page: wait for the drawing too.
    await waitFor(async () =>
      expect(within(await tabBar()).getByRole('link', { name: 'Resgatar' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
  });

  it.each([
    ['an admin', { admin: true }, '/admin/home'],
    ['a partner', { parceiro: true }, '/'],
  ])('is not shown to %s, who keeps the bell and the profile button', async (_who, role, path) => {
    setScreen('phone');
    setSession({ ...consumidor, ...role });
    open(path);
    expect(await screen.findByRole('link', { name: 'Meus Perfil' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notificações' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Atalhos' })).not.toBeInTheDocument();
  });

  it('is not shown on a wide screen, where the top bar has the bell and the profile', async () => {
    setSession(consumidor);
    open('/');
    expect(await screen.findByRole('link', { name: 'Meus Perfil' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Atalhos' })).not.toBeInTheDocument();
  });
});
