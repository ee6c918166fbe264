import type { CampanhaAdmin, DashboardResposta, DashboardVenda, PainelSeriesResposta } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAdminCity } from '@/lib/admin-city';
import { setSession } from '@/lib/session';
import { todayIso } from '@/lib/today';
import { jsonResponse, renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { DashboardScreen } from './dashboard-screen';

const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('@/lib/download', () => ({ saveBlob }));

const today = todayIso();
const campanha: CampanhaAdmin = {
  id_campanha: 7,
  den_campanha: 'Natal Premiado',
  banner: '',
  validade_ini: '2020-01-01',
  validade_fim: '2999-12-31',
  link: '',
  cod_cidade: 3550308,
  limite_vendas_dia_loja: null,
  limite_cupons_mes: null,
  limite_valor_dia: null,
  pct_entidade: 0,
  exige_nfce: false,
};
const venda = (id: number): DashboardVenda => ({
  ano: 2026,
  id_estabelecimento: id,
  nom_estabelecimento: `Loja ${id}`,
  nro_cupons: 1,
  nro_vendas: 1,
  total_venda: 100 - id,
  ticket_medio: 100 - id,
});
const painel: DashboardResposta = {
  estatisticas: {
    online: 1,
    num_empresa: 30,
    num_ativos: 30,
    num_participantes: 30,
    num_usuarios: 10,
    num_vendas: 26,
    num_campanha: 1,
    sum_vendas: 2000,
  },
  campanhas: [campanha],
  vendas: Array.from({ length: 24 }, (_, i) => venda(i + 1)),
};
const series: PainelSeriesResposta = {
  de: '2025-03-10',
  ate: '2025-03-11',
  id_campanha: 7,
  vendas_por_dia: [
    { dia: '2025-03-10', num_vendas: 2, sum_vendas: 150.5, num_cupons: 3 },
    { dia: '2025-03-11', num_vendas: 1, sum_vendas: 300, num_cupons: 0 },
  ],
  participantes_por_semana: [{ semana: '2025-03-10', num_participantes: 4 }],
  top_estabelecimentos: [
    {
      id_estabelecimento: 2,
      nom_estabelecimento: 'Bravo Padaria',
      num_vendas: 1,
      sum_vendas: 300,
      num_cupons: 0,
    },
  ],
  progresso_campanha: {
    id_campanha: 7,
    den_campanha: 'Natal Premiado',
    validade_ini: '2020-01-01',
    validade_fim: '2999-12-31',
    cupons_emitidos: 1500,
    apuracoes_agendadas: 2,
    apuracoes_apuradas: 1,
  },
};

let fetchMock: ReturnType<typeof vi.fn>;
const urls = (path: string) =>
  fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://x')).filter((u) => u.pathname === path);

beforeEach(() => {
  saveBlob.mockReset();
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    switch (url.pathname) {
      case '/v1/adm/dashboard':
        return jsonResponse(200, painel);
      case '/v1/adm/dashboard/series':
        return jsonResponse(200, series);
      case '/v1/adm/campanhas':
        return jsonResponse(200, [campanha]);
      case '/v1/adm/dashboard/vendas':
        return jsonResponse(200, {
          ano: 2026,
          total: 26,
          pagina: 2,
          limite: 24,
          itens: [venda(25), venda(26)],
        });
      default:
        return jsonResponse(404, { erro: 'sem rota' });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  setSession(testSession({ nome: 'Ana Admin', email: 'admin@praca.demo', admin: true, cod_cidade: 3550308 }));
  setAdminCity('3550308');
});

describe('the dashboard charts', () => {
  it("asks for the running campaign's charts and gives each one a table for screen readers", async () => {
    renderWithApp(<DashboardScreen />, { path: '/admin/home' });
    const chart = await screen.findByRole('region', { name: 'Vendas e cupons por dia' });
    expect(urls('/v1/adm/dashboard/series')[0]?.searchParams.get('id_campanha')).toBe('7');
    // The table is there for screen readers while the drawing shows.
    const table = within(chart).getByRole('table', { name: 'Vendas e cupons por dia (tabela)' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DiaVendasTotal (R$)Cupons', '10/03/20252R$\u00a0150,503', '11/03/20251R$\u00a0300,000']);
    for (const name of [
      'Novos participantes por semana',
      'Estabelecimentos que mais venderam',
      'Andamento da campanha',
    ]) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    const progress = screen.getByRole('region', { name: 'Andamento da campanha' });
    expect(progress).toHaveTextContent('1.500');
    expect(progress).toHaveTextContent('Apurações realizadas1 de 3');
  });

  it('shows the table in place of the chart on demand, and downloads its CSV', async () => {
    const user = userEvent.setup();
    renderWithApp(<DashboardScreen />, { path: '/admin/home' });
    const chart = await screen.findByRole('region', { name: 'Estabelecimentos que mais venderam' });
    const toggle = within(chart).getByRole('button', { name: 'Mostrar tabela' });
    await user.click(toggle);
    expect(within(chart).getByRole('button', { name: 'Mostrar gráfico' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      within(chart).getByRole('region', { name: 'Estabelecimentos que mais venderam (tabela)' }),
    ).toBeVisible();

    await user.click(
      within(chart).getByRole('button', { name: 'Baixar CSV: Estabelecimentos que mais venderam' }),
    );
    expect(saveBlob).toHaveBeenCalledTimes(1);
    const [blob, name] = saveBlob.mock.calls[0]! as [Blob, string];
    expect(name).toBe('estabelecimentos-que-mais-venderam_2025-03-10_2025-03-11.csv');
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      'Estabelecimento;Vendas;Total (R$);Cupons\r\nBravo Padaria;1;300,00;0\r\n',
    );
  });

  it('asks again for the period and the campaign chosen', async () => {
    const user = userEvent.setup();
    renderWithApp(<DashboardScreen />, { path: '/admin/home' });
    await screen.findByRole('region', { name: 'Vendas e cupons por dia' });
    await user.selectOptions(screen.getByLabelText('Período'), 'Últimos 30 dias');
    await waitFor(() => expect(urls('/v1/adm/dashboard/series').length).toBeGreaterThan(1));
    const last = urls('/v1/adm/dashboard/series').at(-1)!;
    expect(last.searchParams.get('ate')).toBe(today);
    expect(last.searchParams.get('id_campanha')).toBeNull();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Campanha' }), 'Natal Premiado');
    await waitFor(() =>
      expect(urls('/v1/adm/dashboard/series').at(-1)?.searchParams.get('id_campanha')).toBe('7'),
    );
  });

  it("loads a year's further shop cards on demand", async () => {
    const user = userEvent.setup();
    renderWithApp(<DashboardScreen />, { path: '/admin/home' });
    const year = await screen.findByRole('region', { name: '2026' });
    expect(within(year).getAllByRole('article')).toHaveLength(24);
    await user.click(within(year).getByRole('button', { name: 'Mostrar mais estabelecimentos de 2026' }));
    await waitFor(() => expect(within(year).getAllByRole('article')).toHaveLength(26));
    expect(within(year).getByText('26 de 26 estabelecimentos')).toBeInTheDocument();
    expect(within(year).queryByRole('button', { name: /Mostrar mais/ })).not.toBeInTheDocument();
    expect(urls('/v1/adm/dashboard/vendas')[0]?.searchParams.get('pagina')).toBe('2');
  });
});
