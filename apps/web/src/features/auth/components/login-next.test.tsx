import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/test/render';
import { LoginForm } from './login-form';
import type { LoginKind } from '../api/login';

const sessao = {
  token: 'abc',
  id_usuario: 5,
  nome: 'Ana Souza',
  email: 'ana@exemplo.com',
  cod_cidade: 3509502,
  cidade: 'Campinas',
  uf: 'SP',
  parceiro: true,
  admin: true,
  superadmin: false,
  estabelecimentos: {},
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, sessao)),
  );
});

async function loginAt(kind: LoginKind, url: string, redirectTo: string) {
  const user = userEvent.setup();
  const path = url.split('?')[0];
  const { router } = renderWithApp(<LoginForm kind={kind} redirectTo={redirectTo} />, {
    path,
    extraRoutes: ['/', '/perfil', '/remocaousuario', '/parceiro/vender'],
  });
  await router.navigate(url);
  await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com');
  await user.type(screen.getByLabelText('Senha'), 'segredo1');
  await user.click(screen.getByRole('button', { name: 'Acessar' }));
  return router;
}

describe('LoginForm ?next=', () => {
  it('goes to a same-app next (with its query) after a consumer login', async () => {
    const router = await loginAt('usuario', '/login?next=%2Fremocaousuario%3Fcode%3Dabc', '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/remocaousuario'));
    expect(router.state.location.search).toBe('?code=abc');
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', 'perfil', 'javascript:alert(1)'])(
    'ignores next=%s',
    async (next) => {
      const router = await loginAt('usuario', `/login?next=${encodeURIComponent(next)}`, '/');
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
  );

  it('partner logins ignore next', async () => {
    const router = await loginAt('parceiro', '/parceiro/login?next=%2Fperfil', '/parceiro/vender');
    await waitFor(() => expect(router.state.location.pathname).toBe('/parceiro/vender'));
  });
});
