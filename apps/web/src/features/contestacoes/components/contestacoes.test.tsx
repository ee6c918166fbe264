import type { ContestacaoAdmin } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { ContestacoesAdminScreen } from './contestacoes-admin-screen';

const contestacao = (o: Partial<ContestacaoAdmin> = {}): ContestacaoAdmin => ({
  id_contestacao: 5,
  tipo: 'nao_reconheco',
  status: 'aberta',
  id_venda: 41,
  id_estabelecimento: 7,
  nome_estabelecimento: 'Padaria Bella Vista',
  dat_venda: '2026-11-20',
  valor_venda: 30,
  numero_venda: 'NF-41',
  imagem: null,
  criada_em: '2026-11-21T12:00:00.000Z',
  decidida_em: null,
  motivo: null,
  historico: [{ em: '2026-11-21T12:00:00.000Z', status: 'aberta', motivo: null }],
  id_usuario: 3,
  nome_usuario: 'Rosa Morador',
  cod_cidade: 3548500,
  ...o,
});

let api: MockApi;
afterEach(() => vi.restoreAllMocks());

describe('/admin/contestacoes (issue 37)', () => {
  beforeEach(() => {
    setSession(testSession({ admin: true }));
    api = mockApi({
      'GET /v1/adm/contestacoes': (url) =>
        jsonResponse(
          200,
          url.searchParams.get('status') === 'aceita'
            ? [contestacao({ id_contestacao: 8, status: 'aceita', motivo: 'ok' })]
            : [contestacao()],
        ),
      'POST /v1/adm/contestacoes/5/decisao': () =>
        jsonResponse(200, contestacao({ status: 'aceita', motivo: 'Cliente viajava' })),
    });
  });

  it('lists the open ones first, filters by status, and accepts with a reason', async () => {
    const user = userEvent.setup();
    renderWithApp(<ContestacoesAdminScreen />);
    const list = await screen.findByRole('list', { name: 'Contestações' });
    expect(list).toHaveTextContent('Rosa Morador');
    expect(api.requests('GET', '/v1/adm/contestacoes')[0]?.url.searchParams.get('status')).toBe('aberta');
    expect(api.requests('GET', '/v1/adm/contestacoes')[0]?.url.searchParams.get('cod_cidade')).toBe(
      '3548500',
    );

    await user.click(within(list).getByRole('button', { name: /Aceitar a contestação 5/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Aceitar contestação' });
    await user.click(within(dialog).getByRole('button', { name: 'Aceitar' }));
    expect(await within(dialog).findByText('Informe o motivo')).toBeInTheDocument();
    expect(api.requests('POST', '/v1/adm/contestacoes/5/decisao')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Cliente viajava');
    await user.click(within(dialog).getByRole('button', { name: 'Aceitar' }));
    expect(await screen.findByText('Contestação aceita.')).toBeInTheDocument();
    expect(api.bodyOf('POST', '/v1/adm/contestacoes/5/decisao')).toEqual({
      decisao: 'aceita',
      motivo: 'Cliente viajava',
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'aceita');
    const accepted = await screen.findByRole('list', { name: 'Contestações' });
    await waitFor(() => expect(accepted).toHaveTextContent('Aceita'));
    expect(within(accepted).queryByRole('button', { name: /Aceitar/ })).not.toBeInTheDocument();
  });
});
