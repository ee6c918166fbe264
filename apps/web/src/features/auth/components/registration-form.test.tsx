import { createHash } from 'node:crypto';
import { MSG } from '@praca/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/session';
import { jsonResponse, renderWithApp } from '@/test/render';
import { RegistrationForm } from './registration-form';

const cidades = [
  { cod_cidade: 3509502, cidade: 'Campinas', uf: 'SP' },
  { cod_cidade: 3525904, cidade: 'Jundiaí', uf: 'SP' },
];

// SHA-256 hex of "segredo1": the password never leaves the browser in clear.
const SEGREDO1_SHA256 = createHash('sha256').update('segredo1').digest('hex');

let fetchMock: ReturnType<typeof vi.fn>;

function registroCalls() {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/v1/usuarios/registro'));
}

beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/v1/cidades')) return jsonResponse(200, cidades);
    if (url.endsWith('/v1/usuarios/registro')) {
      const body = JSON.parse(String(init?.body)) as { email: string };
      if (body.email === 'usado@exemplo.com')
        return jsonResponse(409, { erro: 'Este e-mail já está cadastrado' });
      return jsonResponse(201, { token: 'novo-token', id_usuario: 42 });
    }
    return jsonResponse(404, { erro: 'não encontrado' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

async function fillValidForm(user: ReturnType<typeof userEvent.setup>, email = 'ana@exemplo.com') {
  await user.type(screen.getByLabelText('Nome'), 'Ana Souza');
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Senha'), 'segredo1');
  await user.type(screen.getByLabelText('Confirme a senha'), 'segredo1');
  await user.type(screen.getByLabelText('WhatsApp'), '11987654321');
  await user.type(screen.getByLabelText('Confirme o WhatsApp'), '11987654321');
  await user.type(screen.getByLabelText('CEP'), '13015100');
  await screen.findByRole('option', { name: 'Campinas - SP' });
  await user.selectOptions(screen.getByLabelText('Cidade'), 'Campinas - SP');
}

describe('RegistrationForm', () => {
  it('lists the cities as "city - state"', async () => {
    renderWithApp(<RegistrationForm />, { path: '/cadastro' });
    expect(await screen.findByRole('option', { name: 'Campinas - SP' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Jundiaí - SP' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/v1\/cidades$/);
    expect(new Headers(init.headers).get('Authorization')).toBe(`Basic ${btoa('praca:praca-cidades')}`);
  });

  it('refuses different passwords with "Senhas nao conferem" and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithApp(<RegistrationForm />, { path: '/cadastro' });
    await fillValidForm(user);
    await user.clear(screen.getByLabelText('Confirme a senha'));
    await user.type(screen.getByLabelText('Confirme a senha'), 'outra');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    expect(await screen.findByText(MSG.senhasNaoConferem)).toBeVisible();
    expect(screen.getByLabelText('Confirme a senha')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Confirme a senha')).toHaveAccessibleDescription(MSG.senhasNaoConferem);
    expect(registroCalls()).toHaveLength(0);
  });

  it('refuses different WhatsApp numbers with "Numero do WhatsUp nao conferem" and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithApp(<RegistrationForm />, { path: '/cadastro' });
    await fillValidForm(user);
    await user.clear(screen.getByLabelText('Confirme o WhatsApp'));
    await user.type(screen.getByLabelText('Confirme o WhatsApp'), '11987654320');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    expect(await screen.findByText(MSG.whatsNaoConferem)).toBeVisible();
    expect(registroCalls()).toHaveLength(0);
  });

  it('shows both mismatches at once, next to other missing fields', async () => {
    const user = userEvent.setup();
    renderWithApp(<RegistrationForm />, { path: '/cadastro' });
    await user.type(screen.getByLabelText('Senha'), 'a');
    await user.type(screen.getByLabelText('Confirme a senha'), 'b');
    await user.type(screen.getByLabelText('WhatsApp'), '11987654321');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    expect(await screen.findByText(MSG.senhasNaoConferem)).toBeVisible();
    expect(screen.getByText(MSG.whatsNaoConferem)).toBeVisible();
    expect(screen.getByText('Informe seu nome')).toBeVisible();
    expect(registroCalls()).toHaveLength(0);
  });

  it('sends the hashed password and the chosen city, stores the session and shows the success dialog', async () => {
    const user = userEvent.setup();
    const { router } = renderWithApp(<RegistrationForm />, { path: '/cadastro', extraRoutes: ['/'] });
    await fillValidForm(user);
    // A first attempt with an error must not lose what was typed in the masked fields.
    await user.clear(screen.getByLabelText('Nome'));
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await screen.findByText('Informe seu nome');
    await user.type(screen.getByLabelText('Nome'), 'Ana Souza');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    const dialog = await screen.findByRole('dialog', { name: MSG.cadastroSucesso });
    expect(dialog).toBeVisible();
    const body = JSON.parse(String((registroCalls()[0][1] as RequestInit).body)) as Record<string, unknown>;
    expect(body).toEqual({
      nome: 'Ana Souza',
      email: 'ana@exemplo.com',
      senha: SEGREDO1_SHA256,
      whatsup: '11987654321',
      endereco: '',
      numero: '',
      complemento: '',
      bairro: '',
      cidade: 'Campinas',
      uf: 'SP',
      cep: '13015100',
      cod_cidade: 3509502,
    });
    expect(getSession()).toMatchObject({
      token: 'novo-token',
      id_usuario: 42,
      nome: 'Ana Souza',
      parceiro: false,
    });

    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows "Ocorreu um erro no cadastro " plus the server message on a non-201 answer', async () => {
    const user = userEvent.setup();
    renderWithApp(<RegistrationForm />, { path: '/cadastro' });
    await fillValidForm(user, 'usado@exemplo.com');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    expect(await screen.findByText(`${MSG.cadastroErro}Este e-mail já está cadastrado`)).toBeVisible();
    expect(getSession()).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a refusal of the e-mail is announced at the e-mail field, which is marked and takes the focus', async () => {
    const user = userEvent.setup();
    renderWithApp(<RegistrationForm />, { path: '/cadastro' });
    await fillValidForm(user, 'usado@exemplo.com');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${MSG.cadastroErro}Este e-mail já está cadastrado`);
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription(`${MSG.cadastroErro}Este e-mail já está cadastrado`);
    // A new address clears the mark.
    await user.type(email, 'x');
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid', 'true'));
  });

  it('any other failure is announced next to Cadastrar, in Portuguese, and holds the focus', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).endsWith('/v1/cidades') ? jsonResponse(200, cidades) : new Response('', { status: 502 }),
    );
    const user = userEvent.setup();
    renderWithApp(<RegistrationForm />, { path: '/cadastro' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${MSG.cadastroErro}Servidor indisponível`);
    const cadastrar = screen.getByRole('button', { name: 'Cadastrar' });
    expect(alert.compareDocumentPosition(cadastrar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      screen.getByLabelText('Cidade').compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await waitFor(() => expect(alert).toHaveFocus());
  });
});

describe('RegistrationForm: the optional CPF (issue 40)', () => {
  it('refuses a wrong check digit at the field without a call; sends the digits of a valid one', async () => {
    const user = userEvent.setup();
    renderWithApp(<RegistrationForm />, { path: '/cadastro', extraRoutes: ['/'] });
    await fillValidForm(user);
    const cpf = screen.getByLabelText(/CPF/);
    await user.type(cpf, '12345678900');
    expect(cpf).toHaveValue('123.456.789-00');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(MSG.cpfInvalido)).toBeVisible();
    expect(registroCalls()).toHaveLength(0);

    await user.clear(cpf);
    await user.type(cpf, '12345678909');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await screen.findByRole('dialog', { name: MSG.cadastroSucesso });
    const body = JSON.parse(String((registroCalls()[0][1] as RequestInit).body)) as Record<string, unknown>;
    expect(body.cpf).toBe('12345678909');
  });

  it('a CPF of another account is announced at the CPF field, which takes the focus', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).endsWith('/v1/cidades')
        ? jsonResponse(200, cidades)
        : jsonResponse(409, { erro: MSG.cpfEmUso }),
    );
    const user = userEvent.setup();
    renderWithApp(<RegistrationForm />, { path: '/cadastro' });
    await fillValidForm(user);
    const cpf = screen.getByLabelText(/CPF/);
    await user.type(cpf, '52998224725');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.cpfEmUso);
    expect(cpf).toHaveFocus();
    expect(cpf).toHaveAttribute('aria-invalid', 'true');
  });
});
