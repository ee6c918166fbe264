import { createHash } from 'node:crypto';
import { MSG_CONTA, RESET_CODE_LENGTH } from '@praca/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { CodePasswordForm, CodePasswordPage } from './code-password-page';
import type { CodeKind } from './code-password-api';
import { DEFAULT_SUPPORT_EMAIL, DEFAULT_SUPPORT_WHATSAPP } from './support-contacts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const code = (n: number) => 'aB3'.repeat(60).slice(0, n);

const ENDPOINT: Record<CodeKind, string> = {
  reset: '/v1/usuarios/redefinirsenha',
  remocao: '/v1/usuarios/remocaousuario',
  boas_vindas: '/v1/usuarios/definirsenha',
};
const SUBMIT: Record<CodeKind, string> = {
  reset: 'Salvar nova senha',
  remocao: 'Confirmar remoção',
  boas_vindas: 'Definir senha',
};
const DONE: Record<CodeKind, string> = {
  reset: 'Sua senha foi alterada com sucesso.',
  remocao: 'Seu cadastro foi removido',
  boas_vindas: 'A senha da sua entidade foi definida.',
};

let api: MockApi;
beforeEach(() => {
  api = mockApi({
    'POST /v1/usuarios/redefinirsenha': () => jsonResponse(202, { ok: true }),
    'POST /v1/usuarios/remocaousuario': () => jsonResponse(202, { ok: true }),
    'POST /v1/usuarios/definirsenha': () => jsonResponse(202, { ok: true }),
  });
});

function open(kind: CodeKind, c: string | null, onSuccess = vi.fn()) {
  const user = userEvent.setup();
  renderWithApp(<CodePasswordPage kind={kind} code={c} onSuccess={onSuccess} />, {
    path: '/pagina',
    extraRoutes: ['/login', '/solicitaredefinir', '/perfil'],
  });
  return { user, onSuccess };
}

describe.each<CodeKind>(['reset', 'remocao', 'boas_vindas'])('the %s link page', (kind) => {
  it.each([
    ['no code', null],
    ['an empty code', ''],
    ['149 characters', code(149)],
    ['151 characters', code(151)],
    ['150 characters with a symbol', `${code(149)}!`],
  ])('with %s shows the apology text of spec §8 and no form', (_case, c) => {
    open(kind, c);
    expect(screen.getByTestId('link-invalido')).toHaveTextContent(
      /^Desculpe! Desculpe mas algo de errado aconteceu ou seu link expirou, por favor tente novamente ou entre em contado\.$/,
    );
    expect(screen.queryByLabelText('Senha')).not.toBeInTheDocument();
    expect(screen.getByTestId('suporte')).toHaveTextContent(DEFAULT_SUPPORT_EMAIL);
    expect(screen.getByTestId('suporte')).toHaveTextContent(DEFAULT_SUPPORT_WHATSAPP);
  });

  it('with exactly 150 characters shows Senha and Confirme a senha; the button waits for an equal confirmation', async () => {
    const { user } = open(kind, code(RESET_CODE_LENGTH));
    const senha = screen.getByLabelText('Senha');
    const senha2 = screen.getByLabelText('Confirme a senha');
    expect(senha).toHaveAttribute('type', 'password');
    expect(senha2).toHaveAttribute('type', 'password');
    const button = screen.getByRole('button', { name: SUBMIT[kind] });
    expect(button).toBeDisabled();
    await user.type(senha, 'nova12345');
    expect(button).toBeDisabled();
    await user.type(senha2, 'nova1234');
    expect(screen.getByText(MSG_CONTA.senhaInvalida)).toBeVisible();
    expect(button).toBeDisabled();
    await user.type(senha2, '5');
    expect(screen.queryByText(MSG_CONTA.senhaInvalida)).not.toBeInTheDocument();
    expect(button).toBeEnabled();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('on 202 sends code and both hashes, then shows the congratulation with the support contacts', async () => {
    const c = code(150);
    const { user, onSuccess } = open(kind, c);
    await user.type(screen.getByLabelText('Senha'), 'nova12345');
    await user.type(screen.getByLabelText('Confirme a senha'), 'nova12345');
    await user.click(screen.getByRole('button', { name: SUBMIT[kind] }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Parabéns!' })).toBeInTheDocument();
    expect(api.bodyOf('POST', ENDPOINT[kind])).toEqual({
      code: c,
      senha: sha('nova12345'),
      senha2: sha('nova12345'),
    });
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('codigo-sucesso')).toHaveTextContent(DONE[kind]);
    const suporte = screen.getByTestId('suporte');
    expect(within(suporte).getByRole('link', { name: DEFAULT_SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${DEFAULT_SUPPORT_EMAIL}`,
    );
    expect(within(suporte).getByRole('link', { name: DEFAULT_SUPPORT_WHATSAPP })).toHaveAttribute(
      'href',
      'https://wa.me/5511999990000',
    );
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Senha')).not.toBeInTheDocument();
  });

  it("a failure shows the server's msg and keeps the form", async () => {
    api.routes[`POST ${ENDPOINT[kind]}`] = () =>
      jsonResponse(400, {
        erro: 'Este link expirou. Solicite um novo.',
        msg: 'Este link expirou. Solicite um novo.',
      });
    const { user, onSuccess } = open(kind, code(150));
    await user.type(screen.getByLabelText('Senha'), 'nova12345');
    await user.type(screen.getByLabelText('Confirme a senha'), 'nova12345');
    await user.click(screen.getByRole('button', { name: SUBMIT[kind] }));
    expect(await screen.findByTestId('codigo-erro')).toHaveTextContent(
      /^Este link expirou\. Solicite um novo\.$/,
    );
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Senha')).toBeInTheDocument();
  });

  it('prefers msg over erro', async () => {
    api.routes[`POST ${ENDPOINT[kind]}`] = () =>
      jsonResponse(400, { erro: 'codigo', msg: 'Senha incorreta' });
    const { user } = open(kind, code(150));
    await user.type(screen.getByLabelText('Senha'), 'x1');
    await user.type(screen.getByLabelText('Confirme a senha'), 'x1');
    await user.click(screen.getByRole('button', { name: SUBMIT[kind] }));
    expect(await screen.findByTestId('codigo-erro')).toHaveTextContent(/^Senha incorreta$/);
  });
});

describe('CodePasswordForm', () => {
  it("says 'Invalido formato!' for a code under 150 characters and sends nothing", async () => {
    const user = userEvent.setup();
    renderWithApp(<CodePasswordForm kind="reset" code={code(149)} onSuccess={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Invalido formato!$/);
    await user.type(screen.getByLabelText('Senha'), 'abc');
    await user.type(screen.getByLabelText('Confirme a senha'), 'abc');
    expect(screen.getByRole('button', { name: 'Salvar nova senha' })).toBeDisabled();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('the reset apology offers a new link', () => {
    open('reset', 'curto');
    expect(screen.getByRole('link', { name: 'Solicitar um novo link' })).toHaveAttribute(
      'href',
      '/solicitaredefinir',
    );
  });

  it('the welcome page (issue 51) has its own title and sends to the welcome endpoint', () => {
    open('boas_vindas', code(150));
    expect(screen.getByRole('heading', { level: 1, name: 'Boas-vindas ao Praça' })).toBeInTheDocument();
    expect(screen.getByText(/^Sua entidade foi cadastrada no Praça\./)).toBeInTheDocument();
    expect(screen.queryByText(/Redefinir/)).not.toBeInTheDocument();
  });

  it('the welcome apology offers a new link', () => {
    open('boas_vindas', 'curto');
    expect(screen.getByRole('link', { name: 'Solicitar um novo link' })).toHaveAttribute(
      'href',
      '/solicitaredefinir',
    );
  });

  it('the removal apology leads back to the profile', () => {
    open('remocao', 'curto');
    expect(screen.getByRole('link', { name: 'Voltar para o perfil' })).toHaveAttribute('href', '/perfil');
  });
});
