import type { CampanhaDaLoja, VendaDaLista } from '@praca/contract';
import { MSG_VENDA } from '@praca/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QRCodeSVG } from 'qrcode.react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi, type Routes } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { SalesScreen } from './sales-screen';

const campanha: CampanhaDaLoja = {
  id_campanha: 1,
  den_campanha: 'Natal Premiado',
  validade_ini: '2026-01-01',
  validade_fim: '2026-12-31',
  fator_cashback: 0.05,
  fator_sorteio: 0.01,
  exige_nfce: false,
};

const venda = (id: number, extra: Partial<VendaDaLista> = {}): VendaDaLista => ({
  id_venda: id,
  id_campanha: 1,
  den_campanha: 'Natal Premiado',
  id_estabelecimento: 2,
  nome_estabelecimento: 'Empório Bella Vista',
  id_usuario: 10,
  nomeusuarios: 'Maria Consumidora',
  dat_venda: '2026-11-20',
  numero_venda: `NF-${id}`,
  valor_venda: 1234.5,
  id_vendedor: 99,
  nome_vendedor: 'Sem Vendedor',
  pontos: 12.345,
  cashback: 61.73,
  cupons: 12,
  pendente: false,
  congelada: false,
  chave_nfce: null,
  confirmada_recibo: false,
  ...extra,
});

const QR_URL = '/v1/parceiro/vendas/2/8/qrcode';
let routes: Routes;
let api: MockApi;

beforeEach(() => {
  routes = {
    'GET /v1/parceiro/campanhas': () => jsonResponse(200, [campanha]),
    'GET /v1/parceiro/vendas': () =>
      jsonResponse(200, [venda(7), venda(8, { pendente: true, id_usuario: -1, nomeusuarios: '' })], {
        'X-Total-Count': '2',
      }),
    'GET /v1/estabelecimentos/vendedores/2': () =>
      jsonResponse(200, [{ id_estabelecimento: 2, id_vendedor: 99, nome_vendedor: 'Sem Vendedor' }]),
    [`GET ${QR_URL}`]: () =>
      jsonResponse(200, { id_venda: 8, codigo: 'CODIGO-ASSINADO-8', expira_em: '2026-11-23T15:00:00.000Z' }),
  };
  api = mockApi(routes);
  setSession(
    testSession({
      id_usuario: 2,
      nome: 'Pedro Parceiro',
      parceiro: true,
      estabelecimentos: { '2': 'Empório Bella Vista' },
    }),
  );
});

async function openSale(numero: string) {
  const user = userEvent.setup();
  renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
  await user.click(await screen.findByRole('button', { name: `Editar venda ${numero}` }));
  return screen.findByRole('dialog', { name: `Venda ${numero}` });
}

describe('the edit dialog of a sale waiting for its QR claim', () => {
  it('shows the same hand-over QR Code again, with its expiry', async () => {
    const dialog = await openSale('NF-8');
    const qr = await within(dialog).findByRole('img', { name: 'QR Code da venda NF-8' });
    expect(qr).toHaveAttribute('data-testid', 'venda-qr-pendente');
    expect(within(dialog).getByText('Aguardando resgate')).toBeInTheDocument();
    expect(within(dialog).getByText('Válido até 23/11/2026 12:00')).toBeInTheDocument();
    expect(api.calls('GET', QR_URL)).toHaveLength(1);
    // What the image encodes is the code the server gave again (the same modules as its QR).
    const same = render(<QRCodeSVG value="CODIGO-ASSINADO-8" level="L" marginSize={4} />).container;
    const other = render(<QRCodeSVG value="CODIGO-ASSINADO-9" level="L" marginSize={4} />).container;
    const modules = (el: Element) => [...el.querySelectorAll('path')].map((p) => p.getAttribute('d'));
    expect(modules(qr)).toEqual(modules(same.querySelector('svg')!));
    expect(modules(qr)).not.toEqual(modules(other.querySelector('svg')!));
  });

  it('says why when the code is gone (claimed or expired), and reloads the list', async () => {
    routes[`GET ${QR_URL}`] = () => jsonResponse(410, { erro: MSG_VENDA.codigoExpirado });
    const dialog = await openSale('NF-8');
    expect(await within(dialog).findByText(MSG_VENDA.codigoExpirado)).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: /QR Code/ })).not.toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET', '/v1/parceiro/vendas').length).toBeGreaterThanOrEqual(2));
    expect(api.calls('GET', QR_URL)).toHaveLength(1);
  });

  it('shows no QR Code for a sale that has its recipient', async () => {
    const dialog = await openSale('NF-7');
    expect(within(dialog).getByLabelText('Número da venda')).toHaveValue('NF-7');
    await new Promise((r) => setTimeout(r, 50));
    expect(within(dialog).queryByRole('img', { name: /QR Code/ })).not.toBeInTheDocument();
    expect(api.fetchMock.mock.calls.some(([u]) => String(u).includes('/qrcode'))).toBe(false);
  });
});
