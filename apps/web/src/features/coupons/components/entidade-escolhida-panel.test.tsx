import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MSG_ESCOLHA, type EntidadePublica } from '@praca/contract';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { EntidadeEscolhidaPanel } from './entidade-escolhida-panel';

const entidade = (id_entidade: number, nome: string): EntidadePublica => ({
  id_entidade,
  nome,
  cnpj: '11.222.333/0001-81',
  causa: 'Crianças',
  logo: '',
  contato: '',
  cupons: 0,
  campanhas: [],
  premios: [],
});

let api: MockApi;
beforeEach(() => {
  setSession(testSession({ cod_cidade: 3548500 }));
  api = mockApi({
    'GET /v1/entidades': () => jsonResponse(200, [entidade(5, 'Abrigo Esperança'), entidade(6, 'Lar Feliz')]),
    'GET /v1/usuarios/entidade': () =>
      jsonResponse(200, { id_entidade: null, nome_entidade: null, desde: null }),
  });
});

describe('Minha entidade (issue 40)', () => {
  it('chooses an entity for the coupons to come, then none', async () => {
    api.routes['PUT /v1/usuarios/entidade'] = () =>
      jsonResponse(200, { id_entidade: 6, nome_entidade: 'Lar Feliz', desde: '2026-11-26T12:00:00.000Z' });
    const user = userEvent.setup();
    renderWithApp(<EntidadeEscolhidaPanel codCidade={3548500} />, { path: '/meu/conquista' });
    expect(await screen.findByText('Você ainda não escolheu uma entidade.')).toBeInTheDocument();
    const salvar = screen.getByRole('button', { name: 'Salvar escolha' });
    expect(salvar).toBeDisabled(); // nothing changed yet
    await user.selectOptions(screen.getByLabelText('Entidade escolhida'), 'Lar Feliz (Crianças)');
    await user.click(salvar);
    await waitFor(() => expect(api.bodyOf('PUT', '/v1/usuarios/entidade')).toEqual({ id_entidade: 6 }));
    expect(await screen.findByText(MSG_ESCOLHA.escolhida)).toBeInTheDocument();
    expect(screen.getByText('Lar Feliz')).toBeInTheDocument();

    api.routes['PUT /v1/usuarios/entidade'] = () =>
      jsonResponse(200, { id_entidade: null, nome_entidade: null, desde: '2026-11-26T13:00:00.000Z' });
    await user.selectOptions(screen.getByLabelText('Entidade escolhida'), 'Nenhuma');
    await user.click(screen.getByRole('button', { name: 'Salvar escolha' }));
    expect(await screen.findByText(MSG_ESCOLHA.nenhuma)).toBeInTheDocument();
    expect(screen.getByText('Você ainda não escolheu uma entidade.')).toBeInTheDocument();
  });

  it('shows the refusal in Portuguese', async () => {
    api.routes['PUT /v1/usuarios/entidade'] = () => jsonResponse(400, { erro: MSG_ESCOLHA.outraCidade });
    const user = userEvent.setup();
    renderWithApp(<EntidadeEscolhidaPanel codCidade={3548500} />, { path: '/meu/conquista' });
    await user.selectOptions(
      await screen.findByLabelText('Entidade escolhida'),
      'Abrigo Esperança (Crianças)',
    );
    await user.click(screen.getByRole('button', { name: 'Salvar escolha' }));
    expect(await screen.findByText(MSG_ESCOLHA.outraCidade)).toBeInTheDocument();
  });

  it('shows nothing when the city has no entities', async () => {
    api.routes['GET /v1/entidades'] = () => jsonResponse(200, []);
    renderWithApp(<EntidadeEscolhidaPanel codCidade={3548500} />, { path: '/meu/conquista' });
    await waitFor(() => expect(api.requests('GET', '/v1/entidades')).toHaveLength(1));
    expect(screen.queryByText('Minha entidade')).not.toBeInTheDocument();
  });
});
