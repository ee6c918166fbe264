import type { Cupom, ExtratoItem } from '@praca/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { jsonResponse, renderWithApp, TestProviders } from '@/test/render';
import { findFieldRefusal } from '@/test/form';
import { Component as Conquista } from './conquista';
import { Component as Extrato } from './extrato';
import { Component as Resgatar } from './resgatar';
import { testSession } from '@/test/sessions';

const consumidor = testSession({ nome: 'Maria Consumidora da Silva', email: 'consumidor@praca.demo' });

const cupom = (n: number): Cupom => ({
  id_sorteio: n,
  serie: 0,
  numero: n,
  codigo: `000-0000${n}`,
  dat_emissao: '2026-11-20',
  id_campanha: 1,
  den_campanha: 'Natal Premiado',
  banner: 'imgban/natal.png',
  id_estabelecimento: 1,
  nom_estabecimento: 'Padaria Bella Vista',
  url_logo: 'imglog/padaria.png',
  doado_para: null,
});

const linha = (id: number, nome: string): ExtratoItem => ({
  id_venda: id,
  id_campanha: 1,
  den_campanha: 'Natal Premiado',
  id_estabelecimento: id,
  nomeestabelecimento: nome,
  dat_venda: '2026-11-20',
  numero_venda: `NF-${id}`,
  valor_venda: 345.6,
  cashback: 17.28,
  pontos: 3.456,
  cupons: 3,
});

let answer: (path: string, init?: RequestInit) => Response;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  setSession(consumidor);
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    answer(new URL(String(input), 'http://localhost').pathname, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  // embla (the coupon carousel) watches its slides; jsdom has no IntersectionObserver.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
});

describe('/meu/conquista', () => {
  it('greets, counts coupons and points, shows the progress as a percentage and the codes', async () => {
    answer = () =>
      jsonResponse(200, [
        {
          id_campanha: 1,
          den_campanha: 'Natal Premiado',
          saldo: 0.45,
          pontos: 3.45,
          cupons: [cupom(1), cupom(2), { ...cupom(3), doado_para: 'Lar Esperança' }],
        },
      ]);
    renderWithApp(<Conquista />, { path: '/meu/conquista' });
    expect(screen.getByText('Olá, Maria Consumidora da Silva!')).toBeInTheDocument();
    expect(await screen.findByTestId('numero-cupons')).toHaveTextContent('3');
    expect(screen.getByTestId('saldo-pontos')).toHaveTextContent('3,45');
    const bar = screen.getByRole('progressbar', { name: 'Progresso para o próximo cupom' });
    expect(bar).toHaveAttribute('aria-valuenow', '45');
    expect(screen.getByTestId('progresso-percentual')).toHaveTextContent('45%');
    const codes = screen.getByRole('list', { name: 'Números dos cupons' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
      // Issue 51: a donated coupon says to whom.
    ).toEqual(['000-00001', '000-00002', '000-00003 · Doado para Lar Esperança']);
    expect(screen.getByRole('region', { name: 'Cartões dos cupons' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Logo de Padaria Bella Vista' })).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Resgatar venda por QR Code' })).toHaveAttribute(
      'href',
      '/meu/resgatar',
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/v1/usuarios/cupons?cod_cidade=3548500');
  });

  it('says there are no coupons yet', async () => {
    answer = () =>
      jsonResponse(200, [{ id_campanha: 1, den_campanha: 'Natal', saldo: 0, pontos: 0, cupons: [] }]);
    renderWithApp(<Conquista />, { path: '/meu/conquista' });
    expect(await screen.findByText(/Você ainda não tem cupons/)).toBeInTheDocument();
    expect(screen.getByTestId('progresso-percentual')).toHaveTextContent('0%');
  });

  it('shows the error state with a retry', async () => {
    answer = () => jsonResponse(500, { erro: 'Falha' });
    renderWithApp(<Conquista />, { path: '/meu/conquista' });
    expect(await screen.findByText('Não foi possível carregar seus cupons.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

describe('/meu/extrato', () => {
  it('lists cards and filters them by establishment name as you type', async () => {
    answer = () => jsonResponse(200, [linha(11, 'Padaria Bella Vista'), linha(12, 'Empório São José')]);
    const user = userEvent.setup();
    renderWithApp(<Extrato />, { path: '/meu/extrato' });
    const card = await screen.findByRole('article', { name: 'Venda 11' });
    expect(card).toHaveTextContent('Padaria Bella Vista');
    expect(card).toHaveTextContent('20/11/2026');
    expect(card).toHaveTextContent('R$ 345,60');
    expect(card).toHaveTextContent('R$ 17,28');
    // The shop's receipt number, so the person can match the line with the receipt.
    expect(within(card).getByTestId('numero-venda')).toHaveTextContent('Número da venda: NF-11');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar estabelecimento' }), 'sao jose');
    expect(screen.queryByRole('article', { name: 'Venda 11' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Venda 12' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar estabelecimento' }), 'xyz');
    expect(screen.getByText(/Nenhum lançamento/)).toBeInTheDocument();
  });

  it('has an empty state', async () => {
    answer = () => jsonResponse(200, []);
    renderWithApp(<Extrato />, { path: '/meu/extrato' });
    expect(await screen.findByText(/ainda não tem lançamentos/)).toBeInTheDocument();
  });
});

describe('/meu/resgatar', () => {
  it('claims a pasted code and shows the new coupons and progress', async () => {
    answer = () =>
      jsonResponse(201, {
        id_venda: 5,
        den_campanha: 'Natal Premiado',
        nomeestabelecimento: 'Padaria Bella Vista',
        valor_venda: 250,
        pontos: 2.5,
        cupons: [cupom(4), cupom(5)],
        saldo: 0.95,
      });
    const user = userEvent.setup();
    renderWithApp(<Resgatar />, { path: '/meu/resgatar' });
    expect(screen.getByRole('heading', { name: 'Resgatar venda' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ler QR Code' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Código da venda'), '  ABC.DEF  ');
    await user.click(screen.getByRole('button', { name: 'Resgatar' }));
    expect(await screen.findByRole('heading', { name: 'Venda resgatada!' })).toBeInTheDocument();
    const novos = screen.getByRole('list', { name: 'Novos cupons' });
    expect(novos).toHaveTextContent('000-00004');
    expect(novos).toHaveTextContent('000-00005');
    expect(screen.getByTestId('progresso-percentual')).toHaveTextContent('95%');
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ codigo: 'ABC.DEF' });
  });

  it.each([
    [400, 'Código de venda inválido'],
    [409, 'Este código de venda já foi resgatado'],
    [410, 'Este código de venda expirou'],
  ])('shows the server message on %s', async (status, erro) => {
    answer = () => jsonResponse(status, { erro });
    const user = userEvent.setup();
    const router = createMemoryRouter([{ path: '/meu/resgatar', element: <Resgatar /> }], {
      initialEntries: ['/meu/resgatar?codigo=XYZ'],
    });
    render(<RouterProvider router={router} />, { wrapper: TestProviders });
    expect(screen.getByLabelText('Código da venda')).toHaveValue('XYZ');
    await user.click(screen.getByRole('button', { name: 'Resgatar' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(erro));
  });

  it('asks for a code before calling', async () => {
    answer = () => jsonResponse(500, {});
    const user = userEvent.setup();
    renderWithApp(<Resgatar />, { path: '/meu/resgatar' });
    await user.click(screen.getByRole('button', { name: 'Resgatar' }));
    const codigo = await findFieldRefusal(document.body, 'Cole o código da venda ou leia o QR Code.');
    expect(codigo).toBe(screen.getByLabelText('Código da venda'));
    await waitFor(() => expect(codigo).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
