import { createHash } from 'node:crypto';
import { MSG } from '@praca/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, USER_ID_KEY } from '@/lib/session';
import { jsonResponse, renderWithApp } from '@/test/render';
import { LoginForm } from './login-form';

// Issue 52: jsdom has no Worker; the solver answers at once, after one progress step.
const solveChallenge = vi.hoisted(() =>
  vi.fn(async (_c: unknown, onProgress: (done: number) => void) => {
    onProgress(0.5);
    return 'c29sdmlkbw==';
  }),
);
vi.mock('../challenge/solve', () => ({ solveChallenge }));

const sessao = {
  token: 'abc',
  id_usuario: 5,
  nome: 'Ana Souza',
  email: 'ana@exemplo.com',
  cod_cidade: 3509502,
  cidade: 'Campinas',
  uf: 'SP',
  parceiro: false,
  admin: false,
  superadmin: false,
  estabelecimentos: {},
};

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => jsonResponse(200, sessao));
  vi.stubGlobal('fetch', fetchMock);
});

async function submit(user: ReturnType<typeof userEvent.setup>, email: string, senha: string) {
  if (email) await user.type(screen.getByLabelText('E-mail'), email);
  if (senha) await user.type(screen.getByLabelText('Senha'), senha);
  await user.click(screen.getByRole('button', { name: 'Acessar' }));
}

describe('LoginForm', () => {
  it.each([
    ['both fields empty', '', ''],
    ['an empty password', 'ana@exemplo.com', ''],
    ['an empty e-mail', '', 'segredo1'],
    ['an e-mail of spaces', '   ', 'segredo1'],
  ])('with %s shows "e-mail ou senha vazios" and makes no call', async (_case, email, senha) => {
    const user = userEvent.setup();
    renderWithApp(<LoginForm kind="usuario" redirectTo="/" />, { path: '/login' });
    await submit(user, email, senha);

    expect(await screen.findByText(MSG.loginVazio)).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('marks the empty field and gives it the focus; the message is announced next to Acessar', async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginForm kind="usuario" redirectTo="/" />, { path: '/login' });
    await submit(user, 'ana@exemplo.com', '');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.loginVazio);
    const senha = screen.getByLabelText('Senha');
    expect(senha).toHaveAttribute('aria-invalid', 'true');
    expect(senha).toHaveFocus();
    expect(screen.getByLabelText('E-mail')).not.toHaveAttribute('aria-invalid', 'true');
    const acessar = screen.getByRole('button', { name: 'Acessar' });
    expect(senha.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(alert.compareDocumentPosition(acessar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.type(senha, 'segredo1');
    expect(senha).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('a refused login is announced next to Acessar and takes the focus', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { erro: MSG.loginInvalido }));
    const user = userEvent.setup();
    renderWithApp(<LoginForm kind="usuario" redirectTo="/" />, { path: '/login' });
    await submit(user, 'ana@exemplo.com', 'errada');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.loginInvalido);
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('sends the SHA-256 hex of the password, says "Enviando..." meanwhile, stores the session and goes home', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    const { router } = renderWithApp(<LoginForm kind="usuario" redirectTo="/" />, {
      path: '/login',
      extraRoutes: ['/'],
    });
    await submit(user, 'ana@exemplo.com', 'segredo1');

    const sending = await screen.findByRole('button', { name: 'Enviando...' });
    expect(sending).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/v1\/login$/);
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'ana@exemplo.com',
      senha: createHash('sha256').update('segredo1').digest('hex'),
    });

    answer(jsonResponse(200, sessao));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getSession()).toEqual(sessao);
    expect(localStorage.getItem(USER_ID_KEY)).toBe('5');
  });

  it.each([401, 500])('shows "e-mail ou senha invalidos" when the server answers %i', async (status) => {
    fetchMock.mockResolvedValueOnce(jsonResponse(status, { erro: 'qualquer coisa' }));
    const user = userEvent.setup();
    renderWithApp(<LoginForm kind="usuario" redirectTo="/" />, { path: '/login' });
    await submit(user, 'ana@exemplo.com', 'errada');

    expect(await screen.findByText(MSG.loginInvalido)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Acessar' })).toBeEnabled();
    expect(getSession()).toBeNull();
  });

  it.each([428, 429])(
    'on %i solves a challenge for the e-mail and logs in again with it (issue 52)',
    async (status) => {
      const challenge = {
        parameters: { nonce: 'ab', salt: 'cd', keyPrefix: 'ef', data: { max: 10 } },
        signature: 's',
      };
      fetchMock
        .mockResolvedValueOnce(jsonResponse(status, { erro: MSG.desafioNecessario }))
        .mockResolvedValueOnce(jsonResponse(200, challenge))
        .mockResolvedValueOnce(jsonResponse(200, sessao));
      const user = userEvent.setup();
      const { router } = renderWithApp(<LoginForm kind="usuario" redirectTo="/" />, { path: '/login' });
      await submit(user, 'ana@exemplo.com', 'segredo1');

      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(String(fetchMock.mock.calls[1]![0])).toMatch(/\/v1\/desafio\?email=ana%40exemplo\.com$/);
      expect(solveChallenge).toHaveBeenCalledWith(challenge, expect.any(Function));
      const again = JSON.parse(String((fetchMock.mock.calls[2] as [string, RequestInit])[1].body)) as {
        altcha: string;
      };
      expect(again.altcha).toBe('c29sdmlkbw==');
      expect(getSession()).toEqual(sessao);
    },
  );

  it('shows the server’s word when the challenge cannot be solved, and the progress meanwhile', async () => {
    let fail: (e: Error) => void = () => undefined;
    solveChallenge.mockImplementationOnce(
      (_c, onProgress) =>
        new Promise<string>((_resolve, reject) => {
          onProgress(0.4);
          fail = reject;
        }),
    );
    fetchMock.mockResolvedValueOnce(jsonResponse(428, { erro: MSG.desafioNecessario })).mockResolvedValueOnce(
      jsonResponse(200, {
        parameters: { nonce: 'ab', salt: 'cd', keyPrefix: 'ef', data: { max: 10 } },
        signature: 's',
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<LoginForm kind="usuario" redirectTo="/" />, { path: '/login' });
    await submit(user, 'ana@exemplo.com', 'segredo1');

    expect(await screen.findByRole('status')).toHaveTextContent('Verificando que você não é um robô… 40%');
    expect(screen.getByRole('button', { name: 'Verificando...' })).toBeDisabled();
    fail(new Error('sem worker'));
    expect(await screen.findByText(MSG.desafioNecessario)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Acessar' })).toBeEnabled();
  });

  it('refuses a partner login whose answer lacks the parceiro flag', async () => {
    const user = userEvent.setup();
    const { router } = renderWithApp(<LoginForm kind="parceiro" redirectTo="/parceiro/vender" />, {
      path: '/parceiro/login',
      extraRoutes: ['/parceiro/vender'],
    });
    await submit(user, 'ana@exemplo.com', 'segredo1');

    expect(await screen.findByText(MSG.loginInvalido)).toBeVisible();
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/v1\/parceiro\/login$/);
    expect(router.state.location.pathname).toBe('/parceiro/login');
    expect(getSession()).toBeNull();
  });

  it('lets an admin in through /v1/adm/usuarios/login and goes to /admin/home', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ...sessao, admin: true }));
    const user = userEvent.setup();
    const { router } = renderWithApp(<LoginForm kind="admin" redirectTo="/admin/home" />, {
      path: '/admin/login',
      extraRoutes: ['/admin/home'],
    });
    await submit(user, 'ana@exemplo.com', 'segredo1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/home'));
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/v1\/adm\/usuarios\/login$/);
    expect(getSession()?.admin).toBe(true);
  });

  it('links to Novo cadastro and Esqueceu a senha', () => {
    renderWithApp(<LoginForm kind="usuario" redirectTo="/" />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Novo cadastro' })).toHaveAttribute('href', '/cadastro');
    expect(screen.getByRole('link', { name: 'Esqueceu a senha' })).toHaveAttribute(
      'href',
      '/solicitaredefinir',
    );
  });
});
