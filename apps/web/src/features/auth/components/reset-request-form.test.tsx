import { MSG_CONTA } from '@praca/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { Component as SolicitarRedefinir } from '../routes/solicitar-redefinir';
import { RESET_REQUEST_SENT } from './reset-request-form';

let api: MockApi;
beforeEach(() => {
  api = mockApi({ 'POST /v1/usuarios/solicitatrocasenha': () => jsonResponse(202, { ok: true }) });
});

function setup() {
  const user = userEvent.setup();
  renderWithApp(<SolicitarRedefinir />, { path: '/solicitaredefinir', extraRoutes: ['/login'] });
  return user;
}

describe('/solicitaredefinir', () => {
  it.each([
    ['empty', ''],
    ['only spaces', '   '],
  ])(
    "with an %s e-mail says 'Digite seu email para solicitar uma nova senha' and makes no call",
    async (_c, email) => {
      const user = setup();
      if (email) await user.type(screen.getByLabelText('E-mail'), email);
      await user.click(screen.getByRole('button', { name: 'Solicitar nova senha' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        /^Digite seu email para solicitar uma nova senha$/,
      );
      expect(screen.getByText(MSG_CONTA.digiteEmail)).toBeVisible();
      expect(api.fetchMock).not.toHaveBeenCalled();
    },
  );

  it('sends the e-mail with an empty telefone, says "Enviando..." meanwhile and on 202 shows the notice', async () => {
    let answer: (r: Response) => void = () => undefined;
    api.routes['POST /v1/usuarios/solicitatrocasenha'] = () => new Promise<Response>((r) => (answer = r));
    const user = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Esqueceu a senha?' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), ' ana@exemplo.com ');
    await user.click(screen.getByRole('button', { name: 'Solicitar nova senha' }));
    expect(await screen.findByRole('button', { name: 'Enviando...' })).toBeDisabled();
    answer(jsonResponse(202, { ok: true }));
    expect(await screen.findByTestId('solicitacao-enviada')).toHaveTextContent(RESET_REQUEST_SENT);
    expect(screen.getByTestId('solicitacao-enviada')).toHaveTextContent(/spam/);
    expect(api.bodyOf('POST', '/v1/usuarios/solicitatrocasenha')).toEqual({
      email: 'ana@exemplo.com',
      telefone: '',
    });
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's erro in red", async () => {
    api.routes['POST /v1/usuarios/solicitatrocasenha'] = () =>
      jsonResponse(400, { erro: 'Informe um e-mail válido' });
    const user = setup();
    await user.type(screen.getByLabelText('E-mail'), 'nada');
    await user.click(screen.getByRole('button', { name: 'Solicitar nova senha' }));
    const erro = await screen.findByTestId('solicitacao-erro');
    expect(erro).toHaveTextContent(/^Informe um e-mail válido$/);
    expect(erro.className).toMatch(/Text/);
    expect(erro.getAttribute('style') ?? '').toMatch(/color/);
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
  });
});
