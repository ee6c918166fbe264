import type { Alerta } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '@/lib/session';
import { todayIso } from '@/lib/today';
import { shownDate, typeDate } from '@/test/dates';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { AlertsScreen, NO_ALERTS } from './alerts-screen';

const ALERTAS: Alerta[] = [
  {
    regra: 'madrugada',
    id_estabelecimento: 5,
    evidencia: 'Coruja: 2 vendas registradas de madrugada (00:10, 04:59, horário de Brasília).',
    ids_venda: [31, 32],
  },
  {
    regra: 'vendas_repetidas_pessoa',
    id_estabelecimento: 4,
    id_usuario: 77,
    evidencia: 'Repete: 4 vendas para a mesma pessoa em 10/03/2026 (mais de 3).',
    ids_venda: [21, 22, 23, 24],
  },
  {
    regra: 'madrugada',
    id_estabelecimento: 6,
    evidencia: 'Lua: 1 venda registrada de madrugada (02:00, horário de Brasília).',
    ids_venda: [41],
  },
];

let api: MockApi;
const queries = () =>
  api.requests('GET', '/v1/adm/alertas').map((r) => Object.fromEntries(r.url.searchParams));

beforeEach(() => {
  setSession(testSession({ admin: true }));
  api = mockApi({ 'GET /v1/adm/alertas': () => jsonResponse(200, ALERTAS) });
});

const open = () =>
  renderWithApp(<AlertsScreen />, { path: '/admin/alertas', extraRoutes: ['/admin/vender'] });

describe('AlertsScreen', () => {
  it("asks for today's alerts of the admin city and groups them by rule, with evidence and sales", async () => {
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Alertas' })).toBeInTheDocument();
    expect(screen.getByLabelText('Dia')).toHaveValue(shownDate(todayIso()));
    const repeated = await screen.findByRole('region', { name: /Vendas repetidas para a mesma pessoa/ });
    expect(queries()).toEqual([{ cod_cidade: '3548500', data: todayIso() }]);
    expect(within(repeated).getByText(/Repete: 4 vendas/)).toBeInTheDocument();
    expect(within(repeated).getByText('Pessoa nº 77')).toBeInTheDocument();
    expect(within(repeated).getByText('Vendas nº 21, 22, 23, 24')).toBeInTheDocument();
    expect(within(repeated).getByRole('link', { name: 'Ver vendas' })).toHaveAttribute(
      'href',
      '/admin/vender',
    );

    const night = screen.getByRole('region', { name: /Vendas registradas de madrugada/ });
    expect(within(night).getAllByRole('listitem')).toHaveLength(2);
    expect(within(night).getByText('Venda nº 41')).toBeInTheDocument();
    expect(within(night).getByLabelText('2 alertas')).toBeInTheDocument();
    // Groups in the rules' order, only those with alerts.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Vendas repetidas para a mesma pessoa 1',
      'Vendas registradas de madrugada 2',
    ]);
  });

  it('asks for the picked day; a half-typed or impossible day asks nothing', async () => {
    const user = userEvent.setup();
    open();
    await screen.findAllByRole('region');
    const field = screen.getByLabelText('Dia');
    await typeDate(user, field, '2026-03-10');
    await waitFor(() => expect(queries().at(-1)).toEqual({ cod_cidade: '3548500', data: '2026-03-10' }));
    const asked = queries().length;
    await user.clear(field);
    await user.type(field, '31022026');
    expect(await screen.findByText('Data inválida: use dd/mm/aaaa')).toBeInTheDocument();
    expect(screen.getByText('Escolha um dia para ver os alertas.')).toBeInTheDocument();
    expect(queries()).toHaveLength(asked);
  });

  it('shows the receipts’ alerts (issue 53) with their receipts, people or entity, and no sales link without sales', async () => {
    api.routes['GET /v1/adm/alertas'] = () =>
      jsonResponse(200, [
        {
          regra: 'recibos_nao_informados',
          id_estabelecimento: 9,
          evidencia:
            'Nunca informa: 11 notas fiscais enviadas por moradores nos 30 dias até 10/03/2026 que a loja não informou (6 aguardando, 5 expiradas; mais de 10).',
          ids_venda: [],
          ids_recibo: [101, 102],
        },
        {
          regra: 'chave_varias_pessoas',
          evidencia:
            'A nota 35260311222333000181•••••••••••••••••••• de um CNPJ que não é de nenhuma loja foi enviada por 3 pessoas diferentes nos 30 dias até 10/03/2026.',
          ids_venda: [55],
          ids_recibo: [],
          chave: '35260311222333000181650010000000011000000000',
          ids_usuario: [3, 7, 9],
        },
        {
          regra: 'doacoes_concentradas',
          evidencia:
            'Entidade Muita: 10 notas sem comprador doadas nos 30 dias até 10/03/2026, 53% das 19 doações de notas da cidade no período.',
          ids_venda: [],
          ids_recibo: [201],
          id_entidade: 12,
        },
        {
          regra: 'venda_acima_da_nota',
          id_estabelecimento: 9,
          evidencia:
            'Acima da nota: 1 venda com valor acima do total da nota fiscal autorizada pela SEFAZ nos 30 dias até 10/03/2026 (venda de R$ 500,00, nota de R$ 10,00).',
          ids_venda: [77],
          ids_recibo: [301],
        },
      ] satisfies Alerta[]);
    open();
    const unreported = await screen.findByRole('region', { name: /Notas fiscais que a loja não informou/ });
    expect(within(unreported).getByText('Notas nº 101, 102')).toBeInTheDocument();
    expect(within(unreported).queryByRole('link', { name: 'Ver vendas' })).not.toBeInTheDocument();
    const shared = screen.getByRole('region', { name: /Nota fiscal enviada por várias pessoas/ });
    expect(within(shared).getByText('Pessoas nº 3, 7, 9')).toBeInTheDocument();
    expect(within(shared).getByText('Venda nº 55')).toBeInTheDocument();
    expect(within(shared).getByRole('link', { name: 'Ver vendas' })).toBeInTheDocument();
    const donations = screen.getByRole('region', { name: /Doações de notas concentradas numa entidade/ });
    expect(within(donations).getByText('Entidade nº 12')).toBeInTheDocument();
    expect(within(donations).getByText('Nota nº 201')).toBeInTheDocument();
    const overstated = screen.getByRole('region', { name: /Vendas acima do valor da nota fiscal/ });
    expect(within(overstated).getByText(/venda de R\$ 500,00, nota de R\$ 10,00/)).toBeInTheDocument();
    expect(within(overstated).getByText('Venda nº 77')).toBeInTheDocument();
    expect(within(overstated).getByText('Nota nº 301')).toBeInTheDocument();
  });

  it("says 'Nenhum alerta neste dia' for a quiet day", async () => {
    api.routes['GET /v1/adm/alertas'] = () => jsonResponse(200, []);
    open();
    expect(await screen.findByText(NO_ALERTS)).toBeInTheDocument();
  });

  it('shows loading, then the error with a retry that asks again', async () => {
    const user = userEvent.setup();
    api.routes['GET /v1/adm/alertas'] = () => jsonResponse(500, { erro: 'Falha no servidor' });
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando alertas…');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar os alertas.');
    expect(alert).toHaveTextContent('Falha no servidor');
    api.routes['GET /v1/adm/alertas'] = () => jsonResponse(200, []);
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(NO_ALERTS)).toBeInTheDocument();
  });
});
