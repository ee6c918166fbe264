import type { TurismoItem } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse, renderWithApp } from '@/test/render';
import { Component as Turismo } from './turismo';

const item = (id: number, descricao: string, extra: Partial<TurismoItem> = {}): TurismoItem => ({
  id_turismo: id,
  descricao,
  url_foto: `imgtur/item-${id}.png`,
  url_site: `https://exemplo.com/${id}`,
  ind_ativo: 'S',
  tipo: 0,
  cod_cidade: 3548500,
  latitude: null,
  longitude: null,
  validade_ate: null,
  validadeate: null,
  ...extra,
});

let byType: Record<string, () => Response>;
let fetchMock: ReturnType<typeof vi.fn>;
const tipos = () =>
  fetchMock.mock.calls.map(([u]) => {
    const url = new URL(String(u), 'http://x');
    return `${url.pathname}?${url.searchParams.toString()}`;
  });

beforeEach(() => {
  setSession({
    token: 't',
    id_usuario: 1,
    nome: 'Maria',
    email: 'maria@exemplo.com',
    cod_cidade: 3548500,
    cidade: 'Santos',
    uf: 'SP',
    parceiro: false,
    admin: false,
    superadmin: false,
    estabelecimentos: {},
  });
  byType = {
    '0': () => jsonResponse(200, [item(1, 'Orquidário'), item(2, 'Aquário Municipal', { url_site: '' })]),
    '1': () => jsonResponse(200, [item(3, 'Hotel Atlântico', { tipo: 1 })]),
  };
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = byType[url.searchParams.get('tipo') ?? ''];
    return handler ? handler() : jsonResponse(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
});

describe('Turismo', () => {
  it('shows five tabs and the first as image cards with Saiba mais links', async () => {
    renderWithApp(<Turismo />, { path: '/turismo' });
    expect(screen.getByRole('heading', { level: 1, name: 'Turismo' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Locais',
      'Hoteis',
      'Alimentação',
      'Eventos',
      'Uteis',
    ]);
    expect(screen.getByRole('tab', { name: 'Locais' })).toHaveAttribute('aria-selected', 'true');

    const list = await screen.findByRole('list', { name: 'Locais' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('img', { name: 'Orquidário' })).toHaveAttribute(
      'src',
      expect.stringMatching(/img\/imgtur\/item-1\.png$/),
    );
    const link = within(list).getByRole('link', { name: 'Saiba mais sobre Orquidário' });
    expect(link).toHaveAttribute('href', 'https://exemplo.com/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link).toHaveTextContent('Saiba mais');
    expect(within(list).getByText('Aquário Municipal')).toBeInTheDocument();
    expect(
      within(list).queryByRole('link', { name: 'Saiba mais sobre Aquário Municipal' }),
    ).not.toBeInTheDocument();
    expect(tipos()).toEqual(['/v1/turismo?tipo=0&cod_cidade=3548500']);
  });

  it('loads each tab with its tipo and says when a category is empty', async () => {
    const user = userEvent.setup();
    renderWithApp(<Turismo />, { path: '/turismo' });
    await screen.findByRole('list', { name: 'Locais' });

    await user.click(screen.getByRole('tab', { name: 'Hoteis' }));
    expect(await screen.findByRole('link', { name: 'Saiba mais sobre Hotel Atlântico' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Uteis' }));
    expect(await screen.findByText('Nenhum item nesta categoria por enquanto')).toBeInTheDocument();
    await waitFor(() =>
      expect(tipos()).toEqual([
        '/v1/turismo?tipo=0&cod_cidade=3548500',
        '/v1/turismo?tipo=1&cod_cidade=3548500',
        '/v1/turismo?tipo=4&cod_cidade=3548500',
      ]),
    );
  });

  it('shows the error with a retry that loads again', async () => {
    byType['0'] = () => jsonResponse(500, { erro: 'Banco fora do ar' });
    const user = userEvent.setup();
    renderWithApp(<Turismo />, { path: '/turismo' });
    expect(await screen.findByText('Banco fora do ar')).toBeInTheDocument();
    byType['0'] = () => jsonResponse(200, [item(1, 'Orquidário')]);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('link', { name: 'Saiba mais sobre Orquidário' })).toBeInTheDocument();
  });
});
