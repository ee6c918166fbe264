import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { DoacaoPanel } from './doacao-panel';

let api: MockApi;
beforeEach(() => {
  setSession(testSession({ cod_cidade: 3548500 }));
  api = mockApi({
    'GET /v1/entidades': () =>
      jsonResponse(200, [
        {
          id_entidade: 5,
          nome: 'Abrigo Esperança',
          cnpj: '11.222.333/0001-81',
          causa: 'Crianças',
          logo: '',
          contato: '',
          cupons: 0,
          campanhas: [],
          premios: [],
        },
      ]),
    'GET /v1/usuarios/doacoes': () => jsonResponse(200, []),
  });
});

describe('Doar meus cupons (issue 40)', () => {
  it('gives after a confirmation that the gift is final, then says to whom', async () => {
    api.routes['POST /v1/usuarios/doacoes'] = () => {
      api.routes['GET /v1/usuarios/doacoes'] = () =>
        jsonResponse(200, [
          {
            id_campanha: 2,
            id_entidade: 5,
            nome_entidade: 'Abrigo Esperança',
            modo: 'futuros',
            criado_em: '2026-11-26T12:00:00.000Z',
            cupons: 0,
          },
        ]);
      return jsonResponse(201, {
        id_campanha: 2,
        id_entidade: 5,
        nome_entidade: 'Abrigo Esperança',
        modo: 'futuros',
        criado_em: '2026-11-26T12:00:00.000Z',
        cupons: 0,
      });
    };
    const user = userEvent.setup();
    renderWithApp(<DoacaoPanel idCampanha={2} codCidade={3548500} />, { path: '/meu/conquista' });
    const button = await screen.findByRole('button', { name: 'Doar cupons' });
    expect(button).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Entidade'), 'Abrigo Esperança (Crianças)');
    await user.click(screen.getByRole('radio', { name: /daqui em diante/ }));
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar doação' });
    expect(dialog).toHaveTextContent('A doação é definitiva.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar doação' }));
    await waitFor(() =>
      expect(api.bodyOf('POST', '/v1/usuarios/doacoes')).toEqual({
        id_campanha: 2,
        id_entidade: 5,
        modo: 'futuros',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('vão para Abrigo Esperança');
  });

  it('shows the server’s refusal in Portuguese', async () => {
    api.routes['POST /v1/usuarios/doacoes'] = () =>
      jsonResponse(409, { erro: 'Você já doou os cupons desta campanha' });
    const user = userEvent.setup();
    renderWithApp(<DoacaoPanel idCampanha={2} codCidade={3548500} />, { path: '/meu/conquista' });
    await user.selectOptions(await screen.findByLabelText('Entidade'), 'Abrigo Esperança (Crianças)');
    await user.click(screen.getByRole('button', { name: 'Doar cupons' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar doação' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Você já doou os cupons desta campanha');
  });
});
