import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { shopFixture } from '../components/shop-fixtures';
import { setSession } from '@/lib/session';
import { jsonResponse, renderWithApp } from '@/test/render';
import { Component as Participantes } from './participantes';

const shops = [
  shopFixture({ id_estabelecimento: 1, nome: 'Padaria Bella Vista' }),
  shopFixture({ id_estabelecimento: 6, nome: 'Calçados Passo Certo', telefone: '1337617621', whatsup: '' }),
  shopFixture({ id_estabelecimento: 24, nome: 'Ótica Visão Clara' }),
];

let fetchMock: ReturnType<typeof vi.fn>;

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
  fetchMock = vi.fn(async () => jsonResponse(200, shops));
  vi.stubGlobal('fetch', fetchMock);
});

const names = () =>
  within(screen.getByRole('list', { name: 'Estabelecimentos participantes' }))
    .getAllByRole('button')
    .map((b) => b.querySelector('span span')?.textContent);

describe('Participantes', () => {
  it("lists the city's shops by name and narrows them as the person types", async () => {
    const user = userEvent.setup();
    renderWithApp(<Participantes />, { path: '/meu/participantes' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Participantes' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Estabelecimentos participantes' });
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/v1\/estabelecimentos\?cod_cidade=3548500$/);
    expect(names()).toEqual(['Calçados Passo Certo', 'Ótica Visão Clara', 'Padaria Bella Vista']);
    expect(screen.getByText('3 estabelecimentos')).toBeInTheDocument();

    const busca = screen.getByLabelText('Buscar por nome');
    await user.type(busca, 'vis');
    expect(names()).toEqual(['Ótica Visão Clara', 'Padaria Bella Vista']);
    await user.type(busca, 'a');
    expect(names()).toEqual(['Ótica Visão Clara']);
    expect(screen.getByText('1 estabelecimento')).toBeInTheDocument();

    await user.clear(busca);
    await user.type(busca, 'xyz');
    expect(screen.getByText('Nenhum estabelecimento encontrado')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Estabelecimentos participantes' })).not.toBeInTheDocument();
  });

  it('says so when the city has no shops', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, []));
    renderWithApp(<Participantes />, { path: '/meu/participantes' });
    expect(await screen.findByText(/Nenhum estabelecimento participante ainda/)).toBeInTheDocument();
  });

  it('shows the error with a retry button that loads again', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { erro: 'Banco fora do ar' }));
    const user = userEvent.setup();
    renderWithApp(<Participantes />, { path: '/meu/participantes' });
    expect(await screen.findByText('Banco fora do ar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Estabelecimentos participantes' })).toBeInTheDocument(),
    );
  });
});
