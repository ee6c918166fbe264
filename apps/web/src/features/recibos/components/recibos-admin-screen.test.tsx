import { ROTULO_STATUS_RECIBO } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { reciboAdmin } from './recibo-fixtures';
import { RecibosAdminScreen } from './recibos-admin-screen';

const saved: string[] = [];
vi.mock('@/lib/download', () => ({ saveBlob: (_blob: Blob, name: string) => saved.push(name) }));

const PATH = '/v1/adm/recibos';
let api: MockApi;

/** A shop of the admin list (EstabelecimentoAdminItem), for the shops' selector. */
const loja = (id: number, nome: string) => ({
  id_estabelecimento: id,
  nome,
  endereco: '',
  complemento: '',
  bairro: '',
  cidade: 'Santos',
  cep: '',
  uf: 'SP',
  cod_cidade: 3548500,
  telefone: '',
  whatsup: '',
  url_foto: '',
  url_logo: '',
  site: '',
  avaliacao: 0,
  qtd_avaliacao: 0,
  id_categoria: null,
  categoria: null,
  id_cupom: null,
  ind_ativo: 'S',
  vl_min_pedido: 0,
  vl_taxa_entrega: 0,
  ies_campanha: 'S',
  id_campanha_def: null,
  cnpj: '',
  cnpjs: [],
  latitude: null,
  longitude: null,
  contestacoes_aceitas: 0,
});

beforeEach(() => {
  saved.length = 0;
  setSession(testSession({ nome: 'Ana Admin', admin: true }));
  api = mockApi({
    [`GET ${PATH}`]: (url) =>
      url.searchParams.get('formato')
        ? new Response('\uFEFFchave\r\n', {
            status: 200,
            headers: { 'Content-Disposition': 'attachment; filename="recibos-3548500.csv"' },
          })
        : jsonResponse(
            200,
            [
              reciboAdmin(9, { status: 'contestado', id_contestacao: 4, id_venda: 77 }),
              reciboAdmin(8, { status: 'doado', nome_entidade: 'Lar Esperança', id_entidade: 5 }),
            ],
            { 'X-Total-Count': '42' },
          ),
    // The shops' selector reads the admin list's first 100 (only the fields it needs matter here).
    'GET /v1/adm/estabelecimentos': () => jsonResponse(200, [], { 'X-Total-Count': '0' }),
  });
});

const pedidos = () => api.requests('GET', PATH).filter((r) => !r.url.searchParams.get('formato'));

describe('/admin/recibos (issue 53)', () => {
  it("lists the city's receipts with the sender, the masked key and the status, 20 a page", async () => {
    renderWithApp(<RecibosAdminScreen />);
    const table = await screen.findByRole('table');
    expect(screen.getByText('42 notas fiscais')).toBeInTheDocument();
    expect(table).toHaveTextContent('Maria Consumidora');
    expect(table).toHaveTextContent(ROTULO_STATUS_RECIBO.contestado);
    expect(table).toHaveTextContent(ROTULO_STATUS_RECIBO.doado);
    // The table masks the key: state, month and CNPJ, then the last 4.
    expect(table).toHaveTextContent('35261111222333000181••••••••••••••••••••6784');
    expect(table).not.toHaveTextContent('35261111222333000181650010000000011123456784');
    const q = pedidos()[0]!.url.searchParams;
    expect(Object.fromEntries(q)).toEqual({ cod_cidade: '3548500', pagina: '1', limite: '20' });
  });

  it('filters by status and shop, from the first page, and exports with the same filters', async () => {
    const user = userEvent.setup();
    api.routes['GET /v1/adm/estabelecimentos'] = () =>
      jsonResponse(200, [loja(1, 'Padaria Bella Vista'), loja(2, 'Empório Bella Vista')], {
        'X-Total-Count': '2',
      });
    renderWithApp(<RecibosAdminScreen />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(pedidos().at(-1)!.url.searchParams.get('pagina')).toBe('2'));
    await user.selectOptions(screen.getByLabelText('Situação'), ROTULO_STATUS_RECIBO.sem_comprador);
    await waitFor(() => expect(pedidos().at(-1)!.url.searchParams.get('status')).toBe('sem_comprador'));
    expect(pedidos().at(-1)!.url.searchParams.get('pagina')).toBe('1');
    const lojas = screen.getByLabelText('Estabelecimento');
    await waitFor(() => expect(lojas).toBeEnabled());
    await user.selectOptions(lojas, 'Padaria Bella Vista');
    await waitFor(() => expect(pedidos().at(-1)!.url.searchParams.get('id_estabelecimento')).toBe('1'));

    await user.click(screen.getByRole('button', { name: 'Exportar notas fiscais' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(saved).toEqual(['recibos-3548500.csv']));
    const exportado = api.requests('GET', PATH).find((r) => r.url.searchParams.get('formato'));
    expect(Object.fromEntries(exportado!.url.searchParams)).toEqual({
      cod_cidade: '3548500',
      status: 'sem_comprador',
      id_estabelecimento: '1',
      formato: 'csv',
    });
  });

  it('opens a receipt’s details: the whole key, the sale and the automatic complaint', async () => {
    const user = userEvent.setup();
    renderWithApp(<RecibosAdminScreen />, { extraRoutes: ['/admin/contestacoes'] });
    const table = await screen.findByRole('table');
    // The first row: the contested one.
    const [primeiro] = within(table).getAllByRole('button', {
      name: 'Detalhes da nota de Padaria Bella Vista registrada por Maria Consumidora',
    });
    await user.click(primeiro!);
    const dialog = await screen.findByRole('dialog', { name: 'Nota fiscal' });
    expect(dialog).toHaveTextContent('3526 1111 2223 3300 0181 6500 1000 0000 0111 2345 6784');
    expect(dialog).toHaveTextContent('CNPJ 11.222.333/0001-81');
    expect(dialog).toHaveTextContent('nº 77');
    expect(within(dialog).getByRole('link', { name: 'Ver contestações' })).toHaveAttribute(
      'href',
      '/admin/contestacoes',
    );
  });

  it('says what is empty, and asks a super-admin without a city to choose one', async () => {
    api.routes[`GET ${PATH}`] = () => jsonResponse(200, [], { 'X-Total-Count': '0' });
    const { unmount } = renderWithApp(<RecibosAdminScreen />);
    expect(await screen.findByText('Nenhuma nota fiscal registrada.')).toBeInTheDocument();
    unmount();
    setSession(testSession({ admin: true, superadmin: true, cod_cidade: 0 }));
    renderWithApp(<RecibosAdminScreen />);
    expect(
      screen.getByText('Escolha a cidade no topo da página para ver as notas fiscais.'),
    ).toBeInTheDocument();
  });
});
