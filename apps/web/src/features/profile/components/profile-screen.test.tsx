import { createHash } from 'node:crypto';
import { MSG, MSG_CONTA } from '@praca/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { Component as Perfil } from '../routes/perfil';
import { MEUS_DADOS_FILE } from '../api/account';
import { testSession } from '@/test/sessions';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

const sessao = testSession({ token: 'tok', id_usuario: 7, nome: 'Ana Souza', email: 'ana@exemplo.com' });

let api: MockApi;

beforeEach(() => {
  setSession(sessao);
  api = mockApi({
    'GET /v1/usuarios/7': () =>
      jsonResponse(200, [
        { nome: 'Ana Souza', email: 'ana@exemplo.com', whatsup: '13987654321', cpf_situacao: '' },
      ]),
    'PATCH /v1/usuarios': () => jsonResponse(200, { ok: true }),
    'POST /v1/adm/usuarios/trocasenha': () => jsonResponse(200, { ok: true, token: 'tok-novo' }),
    'POST /v1/usuarios/solicitaremocao': () => jsonResponse(201, { ok: true }),
    'GET /v1/usuarios/meusdados': () => jsonResponse(200, { perfil: { email: 'ana@exemplo.com' } }),
    'GET /v1/usuarios/cpf/comprovacao': () =>
      jsonResponse(200, { cpf_situacao: '', cpf: '', comprovacao: null }),
  });
});

afterEach(() => {
  vi.useRealTimers();
});

function setup(options?: Parameters<typeof userEvent.setup>[0]) {
  const user = userEvent.setup(options);
  renderWithApp(<Perfil />, { path: '/perfil' });
  return user;
}

const nome = () => screen.findByRole('textbox', { name: 'Nome' });
const phone = () => screen.getByRole('textbox', { name: 'SMS/WhatsApp' });

describe('Meus Perfil: loading', () => {
  it('shows a loading state, then Nome, the read-only E-Mail and the masked phone', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Meus Perfil' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando seu perfil…');
    expect(await nome()).toHaveValue('Ana Souza');
    const email = screen.getByRole('textbox', { name: 'E-Mail' });
    expect(email).toHaveValue('ana@exemplo.com');
    expect(email).toHaveAttribute('readonly');
    expect(phone()).toHaveValue('(13) 98765-4321');
    for (const name of [
      'Alterar Senha',
      'Salvar Dados',
      'Solicitar remoção do meu usuário',
      'Baixar meus dados',
    ])
      expect(screen.getByRole('button', { name })).toBeEnabled();
    expect(api.calls('GET', '/v1/usuarios/7')[0][1]).toMatchObject({});
  });

  it('shows an error with a retry when the profile does not load', async () => {
    api.routes['GET /v1/usuarios/7'] = () => jsonResponse(403, { erro: 'Acesso negado' });
    const user = setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar seu perfil.');
    expect(screen.getByRole('alert')).toHaveTextContent('Acesso negado');
    api.routes['GET /v1/usuarios/7'] = () =>
      jsonResponse(200, [{ nome: 'Ana Souza', email: 'ana@exemplo.com', whatsup: '', cpf_situacao: '' }]);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await nome()).toHaveValue('Ana Souza');
  });
});

describe('Meus Perfil: Salvar Dados', () => {
  it('sends nome, email and the phone digits, shows "Perfil salvo com sucesso" for 3 s and renames the session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setup({ advanceTimers: vi.advanceTimersByTime });
    const field = await nome();
    await user.clear(field);
    await user.type(field, 'Ana Maria Souza');
    await user.clear(phone());
    await user.type(phone(), '11912345678');
    expect(phone()).toHaveValue('(11) 91234-5678');
    await user.click(screen.getByRole('button', { name: 'Salvar Dados' }));

    expect(await screen.findByTestId('perfil-mensagem')).toHaveTextContent(MSG_CONTA.perfilSalvo);
    expect(api.bodyOf('PATCH', '/v1/usuarios')).toEqual({
      nome: 'Ana Maria Souza',
      email: 'ana@exemplo.com',
      whatsup: '11912345678',
    });
    expect(getSession()?.nome).toBe('Ana Maria Souza');
    act(() => vi.advanceTimersByTime(2500));
    expect(screen.getByTestId('perfil-mensagem')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(600));
    expect(screen.queryByTestId('perfil-mensagem')).not.toBeInTheDocument();
  });

  it('keeps at most 11 digits in the phone', async () => {
    const user = setup();
    await nome();
    await user.clear(phone());
    await user.type(phone(), '1191234567899');
    expect(phone()).toHaveValue('(11) 91234-5678');
  });

  it.each([
    ['an unknown area code', '2098765432'],
    ['too few digits', '119123'],
    ['a 9-digit number without the leading 9', '11812345678'],
  ])("with %s shows 'numero do WhatApp invalido!' and makes no call", async (_case, digits) => {
    const user = setup();
    await nome();
    await user.clear(phone());
    await user.type(phone(), digits);
    await user.click(screen.getByRole('button', { name: 'Salvar Dados' }));
    expect(await screen.findByText(MSG_CONTA.whatsInvalido)).toBeVisible();
    expect(api.calls('PATCH', '/v1/usuarios')).toHaveLength(0);
    // The refused field is marked and takes the focus.
    expect(phone()).toHaveAttribute('aria-invalid', 'true');
    expect(phone()).toHaveFocus();
  });

  it('an empty phone is allowed', async () => {
    const user = setup();
    await nome();
    await user.clear(phone());
    await user.click(screen.getByRole('button', { name: 'Salvar Dados' }));
    expect(await screen.findByText(MSG_CONTA.perfilSalvo)).toBeVisible();
    expect(api.bodyOf('PATCH', '/v1/usuarios')).toMatchObject({ whatsup: '' });
  });

  it("shows the server's erro in a red banner that goes after 3 s", async () => {
    api.routes['PATCH /v1/usuarios'] = () => jsonResponse(400, { erro: 'Informe seu nome' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setup({ advanceTimers: vi.advanceTimersByTime });
    await user.clear(await nome());
    await user.click(screen.getByRole('button', { name: 'Salvar Dados' }));
    const banner = await screen.findByTestId('perfil-mensagem');
    expect(banner).toHaveTextContent(/^Informe seu nome$/);
    expect(banner).toHaveAttribute('role', 'alert');
    act(() => vi.advanceTimersByTime(3100));
    expect(screen.queryByTestId('perfil-mensagem')).not.toBeInTheDocument();
  });
});

describe('Meus Perfil: Alterar Senha', () => {
  async function openModal(user: ReturnType<typeof userEvent.setup>) {
    await nome();
    await user.click(screen.getByRole('button', { name: 'Alterar Senha' }));
    return screen.findByRole('dialog', { name: 'Alterar Senha' });
  }

  it('has three password fields; the button waits for a matching confirmation', async () => {
    const user = setup();
    const dialog = await openModal(user);
    const atual = within(dialog).getByLabelText('Senha atual');
    const nova = within(dialog).getByLabelText('Nova senha');
    const confirma = within(dialog).getByLabelText('Confirma nova senha');
    for (const f of [atual, nova, confirma]) expect(f).toHaveAttribute('type', 'password');
    const salvar = within(dialog).getByRole('button', { name: 'Salvar nova senha' });
    expect(salvar).toBeDisabled();
    await user.type(atual, 'velha123');
    await user.type(nova, 'nova12345');
    expect(salvar).toBeDisabled();
    await user.type(confirma, 'nova1234');
    expect(within(dialog).getByText(MSG_CONTA.senhaNaoConfere)).toBeVisible();
    expect(salvar).toBeDisabled();
    await user.type(confirma, '5');
    expect(within(dialog).queryByText(MSG_CONTA.senhaNaoConfere)).not.toBeInTheDocument();
    expect(salvar).toBeEnabled();
  });

  it("on 200 sends the hashes, says 'Senha alterada com sucesso', goes on with the answer's new session and closes after 5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setup({ advanceTimers: vi.advanceTimersByTime });
    const dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText('Senha atual'), 'velha123');
    await user.type(within(dialog).getByLabelText('Nova senha'), 'nova12345');
    await user.type(within(dialog).getByLabelText('Confirma nova senha'), 'nova12345');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar nova senha' }));

    expect(await within(dialog).findByText(MSG_CONTA.senhaAlterada)).toBeVisible();
    expect(api.bodyOf('POST', '/v1/adm/usuarios/trocasenha')).toEqual({
      email: 'ana@exemplo.com',
      senha: sha('velha123'),
      novasenha: sha('nova12345'),
    });
    // The change ended the old session (domain §3): the new token replaces it, nothing else.
    expect(getSession()).toEqual({ ...sessao, token: 'tok-novo' });
    expect(within(dialog).getByRole('button', { name: 'Salvar nova senha' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByRole('dialog', { name: 'Alterar Senha' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1100));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Alterar Senha' })).not.toBeInTheDocument(),
    );
  });

  it('disables the button while busy', async () => {
    let answer: (r: Response) => void = () => undefined;
    api.routes['POST /v1/adm/usuarios/trocasenha'] = () => new Promise<Response>((r) => (answer = r));
    const user = setup();
    const dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText('Nova senha'), 'nova12345');
    await user.type(within(dialog).getByLabelText('Confirma nova senha'), 'nova12345');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar nova senha' }));
    const busy = await within(dialog).findByRole('button', { name: 'Enviando...' });
    expect(busy).toBeDisabled();
    answer(jsonResponse(200, {}));
    expect(await within(dialog).findByText(MSG_CONTA.senhaAlterada)).toBeVisible();
  });

  it("a failure shows 'Ocorreu um erro no cadastro' with the Portuguese status text and the server erro, for 3 s", async () => {
    api.routes['POST /v1/adm/usuarios/trocasenha'] = () =>
      jsonResponse(400, { erro: 'A senha atual não confere' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setup({ advanceTimers: vi.advanceTimersByTime });
    const dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText('Senha atual'), 'errada');
    await user.type(within(dialog).getByLabelText('Nova senha'), 'nova12345');
    await user.type(within(dialog).getByLabelText('Confirma nova senha'), 'nova12345');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar nova senha' }));
    const msg = await within(dialog).findByRole('alert');
    // No English reaches a person (issue 35: it said 'Bad Request').
    expect(msg).toHaveTextContent(
      /^Ocorreu um erro no cadastro Requisição inválida — A senha atual não confere$/,
    );
    expect(msg.textContent?.startsWith(MSG_CONTA.erroCadastro)).toBe(true);
    // The wrong field is marked and takes the focus; the message sits by the buttons.
    const atual = within(dialog).getByLabelText('Senha atual');
    expect(atual).toHaveAttribute('aria-invalid', 'true');
    expect(atual).toHaveFocus();
    const salvar = within(dialog).getByRole('button', { name: 'Salvar nova senha' });
    const confirma = within(dialog).getByLabelText('Confirma nova senha');
    expect(confirma.compareDocumentPosition(msg) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(msg.compareDocumentPosition(salvar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The modal stays open for another try.
    expect(within(dialog).getByRole('button', { name: 'Salvar nova senha' })).toBeEnabled();
    act(() => vi.advanceTimersByTime(3100));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Alterar Senha' })).toBeInTheDocument();
  });

  it('Cancelar closes the modal and it opens empty again', async () => {
    const user = setup();
    let dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText('Nova senha'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openModal(user);
    expect(within(dialog).getByLabelText('Nova senha')).toHaveValue('');
  });
});

describe('Meus Perfil: account removal and data export', () => {
  it('asks with Cancela / Confirma; Cancela sends nothing', async () => {
    const user = setup();
    await nome();
    await user.click(screen.getByRole('button', { name: 'Solicitar remoção do meu usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar remoção do meu usuário' });
    expect(within(dialog).getByRole('button', { name: 'Confirma' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancela' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/v1/usuarios/solicitaremocao')).toHaveLength(0);
  });

  it('Confirma sends the e-mail and on 201 says the request went to the e-mail, for 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setup({ advanceTimers: vi.advanceTimersByTime });
    await nome();
    await user.click(screen.getByRole('button', { name: 'Solicitar remoção do meu usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar remoção do meu usuário' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirma' }));
    expect(await screen.findByTestId('perfil-mensagem')).toHaveTextContent(MSG_CONTA.remocaoSolicitada);
    expect(api.bodyOf('POST', '/v1/usuarios/solicitaremocao')).toEqual({ email: 'ana@exemplo.com' });
    act(() => vi.advanceTimersByTime(3100));
    expect(screen.queryByTestId('perfil-mensagem')).not.toBeInTheDocument();
  });

  it.each([
    ['a 400', () => jsonResponse(400, { erro: 'Informe o e-mail da sua conta' })],
    ['a 200 instead of 201', () => jsonResponse(200, {})],
  ])("on %s says 'não foi possível realizar sua solicitação'", async (_case, answer) => {
    api.routes['POST /v1/usuarios/solicitaremocao'] = answer;
    const user = setup();
    await nome();
    await user.click(screen.getByRole('button', { name: 'Solicitar remoção do meu usuário' }));
    await user.click(await screen.findByRole('button', { name: 'Confirma' }));
    expect(await screen.findByTestId('perfil-mensagem')).toHaveTextContent(
      /^não foi possível realizar sua solicitação$/,
    );
  });

  it('Baixar meus dados saves the JSON as meus-dados-praca.json through a blob link', async () => {
    const createObjectURL = vi.fn((_b: Blob) => 'blob:meus-dados');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicks: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    const user = setup();
    await nome();
    await user.click(screen.getByRole('button', { name: 'Baixar meus dados' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0].download).toBe(MEUS_DADOS_FILE);
    expect(clicks[0].href).toBe('blob:meus-dados');
    const blob = createObjectURL.mock.calls[0][0];
    expect(JSON.parse(await blob.text())).toEqual({ perfil: { email: 'ana@exemplo.com' } });
    const init = api.calls('GET', '/v1/usuarios/meusdados')[0][1] as RequestInit;
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
    click.mockRestore();
  });

  it('a failed download says so', async () => {
    api.routes['GET /v1/usuarios/meusdados'] = () => jsonResponse(500, { erro: 'Falhou' });
    const user = setup();
    await nome();
    await user.click(screen.getByRole('button', { name: 'Baixar meus dados' }));
    expect(await screen.findByTestId('perfil-mensagem')).toHaveTextContent(
      'Não foi possível baixar seus dados. Falhou',
    );
  });
});

describe('Meus Perfil: CPF (issue 40)', () => {
  const cpfField = () => screen.getByRole('textbox', { name: /CPF/ });

  it('adds a CPF: refuses a wrong check digit without a call, then sends the digits', async () => {
    const user = setup();
    await nome();
    expect(cpfField()).toHaveValue('');
    await user.type(cpfField(), '12345678900');
    expect(cpfField()).toHaveValue('123.456.789-00');
    await user.click(screen.getByRole('button', { name: 'Salvar Dados' }));
    expect(await screen.findByText(MSG.cpfInvalido)).toBeInTheDocument();
    expect(cpfField()).toHaveFocus();
    expect(api.calls('PATCH', '/v1/usuarios')).toHaveLength(0);

    await user.clear(cpfField());
    await user.type(cpfField(), '12345678909');
    await user.click(screen.getByRole('button', { name: 'Salvar Dados' }));
    expect(await screen.findByText(MSG_CONTA.perfilSalvo)).toBeInTheDocument();
    expect(api.bodyOf('PATCH', '/v1/usuarios')).toMatchObject({ cpf: '12345678909' });
  });

  it('shows the stored CPF, leaves it out of the call when unchanged, and marks a change within 90 days at the field (issue 52)', async () => {
    api.routes['GET /v1/usuarios/7'] = () =>
      jsonResponse(200, [
        {
          nome: 'Ana Souza',
          email: 'ana@exemplo.com',
          whatsup: '',
          cpf: '123.456.789-09',
          cpf_situacao: 'declarado',
        },
      ]);
    const user = setup();
    await nome();
    expect(cpfField()).toHaveValue('123.456.789-09');
    await user.click(screen.getByRole('button', { name: 'Salvar Dados' }));
    expect(await screen.findByText(MSG_CONTA.perfilSalvo)).toBeInTheDocument();
    expect(api.bodyOf('PATCH', '/v1/usuarios')).not.toHaveProperty('cpf');

    api.routes['PATCH /v1/usuarios'] = () => jsonResponse(409, { erro: MSG.cpfTrocaRecente });
    await user.clear(cpfField());
    await user.type(cpfField(), '52998224725');
    await user.click(screen.getByRole('button', { name: 'Salvar Dados' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.cpfTrocaRecente);
    expect(cpfField()).toHaveFocus();
    expect(cpfField()).toHaveAccessibleDescription(expect.stringContaining(MSG.cpfTrocaRecente));
  });
});

describe('Meus Perfil: a CPF declared or proven (issue 52)', () => {
  const cpfField = () => screen.getByRole('textbox', { name: /CPF/ });
  const profileWith = (over: Record<string, unknown>) => {
    api.routes['GET /v1/usuarios/7'] = () =>
      jsonResponse(200, [{ nome: 'Ana Souza', email: 'ana@exemplo.com', whatsup: '', ...over }]);
  };

  it('without a CPF, says that a typed one is declared and waits 30 days alone', async () => {
    profileWith({ cpf_situacao: '' });
    setup();
    await nome();
    expect(cpfField()).toHaveAccessibleDescription(expect.stringContaining('fica declarado'));
    expect(cpfField()).toHaveAccessibleDescription(expect.stringContaining('após 30 dias sem outra conta'));
    expect(cpfField()).not.toHaveAttribute('readonly');
  });

  it('a declared CPF tells from when its purchases are credited, and stays editable', async () => {
    const ate = new Date(Date.now() + 20 * 86_400_000);
    profileWith({ cpf: '123.456.789-09', cpf_situacao: 'declarado', cpf_carencia_ate: ate.toISOString() });
    setup();
    await nome();
    const dia = ate.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    expect(cpfField()).toHaveAccessibleDescription(
      expect.stringContaining(`CPF declarado: suas compras pelo CPF serão creditadas a partir de ${dia}`),
    );
    expect(cpfField()).not.toHaveAttribute('readonly');
  });

  it('a declared CPF past its waiting period says when it collects, without a date', async () => {
    profileWith({
      cpf: '123.456.789-09',
      cpf_situacao: 'declarado',
      cpf_carencia_ate: new Date(Date.now() - 86_400_000).toISOString(),
    });
    setup();
    await nome();
    expect(cpfField()).toHaveAccessibleDescription(
      expect.stringContaining('há 30 dias só na sua conta, sem outra conta com o mesmo CPF'),
    );
  });

  it('a proven CPF is read-only, says so, and is never sent', async () => {
    profileWith({ cpf: '123.456.789-09', cpf_situacao: 'comprovado' });
    const user = setup();
    await nome();
    expect(cpfField()).toHaveAttribute('readonly');
    expect(cpfField()).toHaveAccessibleDescription(expect.stringContaining('CPF comprovado'));
    await user.type(cpfField(), '5');
    expect(cpfField()).toHaveValue('123.456.789-09');
    await user.click(screen.getByRole('button', { name: 'Salvar Dados' }));
    expect(await screen.findByText(MSG_CONTA.perfilSalvo)).toBeInTheDocument();
    expect(api.bodyOf('PATCH', '/v1/usuarios')).not.toHaveProperty('cpf');
  });
});
