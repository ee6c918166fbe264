import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { getSession, setSession } from '@/lib/session';
import { jsonResponse, TestProviders } from '@/test/render';
import { testSession } from '@/test/sessions';
import { routes } from './router';

/**
 * Issue 35, blocker 1: Parceiro → Estabelecimento led to the admin screen, whose guard ended
 * the partner's session. It opens the partner's own screen, and the partner stays signed in.
 */

const parceiro = testSession({ parceiro: true, estabelecimentos: { '1': 'Padaria Bella Vista' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/v1/parceiro/estabelecimentos')) return jsonResponse(200, []);
      if (url.endsWith('/v1/usuarios/notificacao')) return jsonResponse(200, []);
      return jsonResponse(404, { erro: 'não encontrado' });
    }),
  );
});

afterEach(() => queryClient.clear());

describe('the Parceiro menu', () => {
  it('opens /parceiro/estabelecimento from Estabelecimento and keeps the partner signed in', async () => {
    setSession(parceiro);
    const router = createMemoryRouter(routes, { initialEntries: ['/parceiro/home'] });
    render(
      <TestProviders client={queryClient}>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    await userEvent.click(await within(nav).findByRole('button', { name: 'Parceiro' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Estabelecimento' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/parceiro/estabelecimento'));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Estabelecimento'),
    );
    expect(getSession()).toEqual(parceiro);
  });
});
