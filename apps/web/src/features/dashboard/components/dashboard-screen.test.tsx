import type { CampanhaAdmin, DashboardResposta, DashboardVenda } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAdminCity } from '@/lib/admin-city';
import { setSession } from '@/lib/session';
import { jsonResponse, renderWithApp } from '@/test/render';
import { adBanners, cutName, salesByYear } from './dashboard-data';
import { DashboardScreen } from './dashboard-screen';
import { testSession } from '@/test/sessions';

const superadmin = testSession({
  nome: 'Sara Super',
  email: 'super@praca.demo',
  admin: true,
  superadmin: true,
});

const campanha = (id: number, den: string, banner = `imgban/c${id}.png`): CampanhaAdmin => ({
  id_campanha: id,
  den_campanha: den,
  banner,
  validade_ini: '2026-01-01',
  validade_fim: '2026-12-31',
  link: '',
  cod_cidade: 3548500,
  limite_vendas_dia_loja: null,
  limite_cupons_mes: null,
  limite_valor_dia: null,
  pct_entidade: 0,
  exige_nfce: false,
});

const venda = (
  ano: number,
  id: number,
  nome: string,
  extra: Partial<DashboardVenda> = {},
): DashboardVenda => ({
  ano,
  id_estabelecimento: id,
  nom_estabelecimento: nome,
  nro_cupons: 12,
  nro_vendas: 30,
  total_venda: 4567.8,
  ticket_medio: 152.26,
  ...extra,
});

const LONG_NAME = 'Supermercado Central do Litoral Paulista Ltda';

const painel: DashboardResposta = {
  estatisticas: {
    online: 7,
    num_empresa: 1234,
    num_ativos: 980,
    num_participantes: 45,
    num_usuarios: 25310,
    num_vendas: 1048576,
    num_campanha: 3,
    sum_vendas: 1234567.89,
  },
  campanhas: [campanha(5, 'Natal Premiado'), campanha(6, 'Sem banner', ''), campanha(4, 'Verão Premiado')],
  vendas: [
    venda(2025, 1, 'Padaria Bella Vista', { nro_cupons: 3, total_venda: 999.5 }),
    venda(2026, 2, LONG_NAME, {
      nro_cupons: 1500,
      nro_vendas: 2001,
      total_venda: 12345.6,
      ticket_medio: 6.17,
    }),
    venda(2026, 1, 'Padaria Bella Vista'),
    venda(2024, 3, 'Empório'),
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;
let answer: () => Response;

beforeEach(() => {
  answer = () => jsonResponse(200, painel);
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    return url.pathname === '/v1/adm/dashboard' ? answer() : jsonResponse(404, { erro: 'sem rota' });
  });
  vi.stubGlobal('fetch', fetchMock);
  setSession(superadmin);
  setAdminCity('3550308');
});

describe('DashboardScreen', () => {
  it("asks for the chosen city's dashboard and shows the eight labelled figures, formatted", async () => {
    renderWithApp(<DashboardScreen />, { path: '/admin/home' });
    await screen.findByText('Online');
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');
    expect(url.searchParams.get('cod_cidade')).toBe('3550308');

    const figures = Object.fromEntries(
      screen
        .getAllByTestId(/^card-/)
        .map((card) => [
          card.querySelector('dt')?.textContent ?? '',
          card.querySelector('dd')?.textContent ?? '',
        ]),
    );
    expect(figures).toEqual({
      Online: '7',
      Empresas: '1.234',
      Ativos: '980',
      Participantes: '45',
      Usuarios: '25.310',
      Vendas: '1.048.576',
      Campanha: '3',
      Total: 'R$\u00a01.234.567,89',
    });
  });

  it('shows a card per shop under each year, newest year first, the name cut to 25 characters', async () => {
    renderWithApp(<DashboardScreen />, { path: '/admin/home' });
    await screen.findByText('Online');
    const years = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(years).toEqual(['2026', '2025', '2024']);

    const ano2026 = screen.getByRole('region', { name: '2026' });
    const cards = within(ano2026).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const name = within(cards[0]!).getByTestId('shop-name');
    expect(name).toHaveAttribute('title', LONG_NAME);
    const shown = within(cards[0]!).getByText('Supermercado Central do L');
    expect(shown.textContent).toHaveLength(25);
    expect(shown).toHaveAttribute('aria-hidden', 'true');
    // Screen readers get the whole name.
    expect(within(ano2026).getByRole('heading', { level: 4, name: LONG_NAME })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('Cupons1.500');
    expect(cards[0]).toHaveTextContent('Vendas2.001');
    expect(cards[0]).toHaveTextContent('Total R$12.345,60');
    expect(cards[0]).toHaveTextContent('Ticket médio R$6,17');
    // A short name is shown whole.
    expect(within(cards[1]!).getByRole('heading', { level: 4 })).toHaveTextContent(/^Padaria Bella Vista$/);
  });

  it('shows the first campaign banner above and another campaign banner below, with its name as alt', async () => {
    renderWithApp(<DashboardScreen />, { path: '/admin/home' });
    const top = await screen.findByRole('img', { name: 'Natal Premiado' });
    expect(top.getAttribute('src')).toMatch(/imgban\/c5\.png$/);
    expect(screen.getByTestId('banner-top')).toContainElement(top);
    const bottom = screen.getByRole('img', { name: 'Verão Premiado' });
    expect(screen.getByTestId('banner-bottom')).toContainElement(bottom);
    expect(screen.queryByRole('img', { name: 'Sem banner' })).not.toBeInTheDocument();
  });

  it('keeps the banners small, so that the page opens with its figures (issue 35)', async () => {
    renderWithApp(<DashboardScreen />, { path: '/admin/home' });
    const top = await screen.findByRole('img', { name: 'Natal Premiado' });
    // Never cropped: the whole banner, in its proportions, at most 120 px tall above the figures.
    expect(top).toHaveStyle({ maxHeight: '120px', height: 'auto', width: 'auto', maxWidth: '100%' });
    expect(screen.getByRole('img', { name: 'Verão Premiado' })).toHaveStyle({ maxHeight: '180px' });
  });

  it("shows no banner without campaigns and 'Nenhuma venda registrada ainda' without sales", async () => {
    answer = () => jsonResponse(200, { ...painel, campanhas: [], vendas: [] });
    renderWithApp(<DashboardScreen />, { path: '/admin/home' });
    expect(await screen.findByText('Nenhuma venda registrada ainda')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('R$ 1.234.567,89')).toBeInTheDocument();
  });

  it('shows the error and loads again on retry', async () => {
    answer = () => jsonResponse(500, { erro: 'Banco fora do ar' });
    const user = userEvent.setup();
    renderWithApp(<DashboardScreen />, { path: '/admin/home' });
    expect(await screen.findByText('Banco fora do ar')).toBeInTheDocument();
    answer = () => jsonResponse(200, painel);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('R$ 1.234.567,89')).toBeInTheDocument();
  });

  it('asks the super-admin to choose a city, without any call', async () => {
    setSession({ ...superadmin, cod_cidade: 0 });
    setAdminCity('000000');
    renderWithApp(<DashboardScreen />, { path: '/admin/home' });
    expect(screen.getByText('Escolha a cidade no topo da página para ver o painel.')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});

describe('dashboard data', () => {
  it('cuts names to 25 whole characters and leaves short ones alone', () => {
    expect(cutName(LONG_NAME)).toBe('Supermercado Central do L');
    expect(cutName('Café')).toBe('Café');
    expect(cutName('😀'.repeat(30))).toBe('😀'.repeat(25));
  });

  it('groups sales by year, newest first, keeping the order inside a year', () => {
    expect(salesByYear(painel.vendas).map((y) => [y.ano, y.vendas.map((v) => v.id_estabelecimento)])).toEqual(
      [
        [2026, [2, 1]],
        [2025, [1]],
        [2024, [3]],
      ],
    );
  });

  it('uses the same banner below when only one campaign has a banner', () => {
    const only = campanha(1, 'Única');
    expect(adBanners([campanha(2, 'Sem', ''), only])).toEqual({ top: only, bottom: only });
    expect(adBanners([])).toEqual({ top: null, bottom: null });
  });
});
