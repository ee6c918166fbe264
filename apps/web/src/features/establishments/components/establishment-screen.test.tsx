import { notifications } from '@mantine/notifications';
import {
  MSG_ADMIN,
  type EstabelecimentoAdmin,
  type EstabelecimentoAdminItem,
  type Sessao,
} from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi, type Routes } from '@/test/mock-api';
import { findFieldRefusal } from '@/test/form';
import { renderWithApp } from '@/test/render';
import { EstablishmentsScreen } from './establishment-list';
import { CNPJ_JA_NA_LISTA } from './establishment-rules';
import { testSession } from '@/test/sessions';

const superadmin = testSession({
  nome: 'Ana Super',
  email: 'super@praca.demo',
  admin: true,
  superadmin: true,
});
const admin: Sessao = {
  ...superadmin,
  nome: 'Beto Admin',
  superadmin: false,
  estabelecimentos: { '5': 'x' },
};

const item = (id: number, extra: Partial<EstabelecimentoAdminItem> = {}): EstabelecimentoAdminItem => ({
  id_estabelecimento: id,
  nome: `Loja ${id}`,
  endereco: 'Rua A, 10',
  complemento: '',
  bairro: 'Gonzaga',
  cidade: 'Santos',
  cep: '11060-000',
  uf: 'SP',
  cod_cidade: 3548500,
  telefone: '1332221234',
  whatsup: '13991234567',
  url_foto: '',
  url_logo: '',
  site: '',
  avaliacao: 4.5,
  qtd_avaliacao: 10,
  id_categoria: 2,
  categoria: 'Padaria',
  id_cupom: null,
  ind_ativo: 'S',
  vl_min_pedido: 20,
  vl_taxa_entrega: 5.5,
  ies_campanha: 'S',
  id_campanha_def: null,
  cnpj: '11.222.333/0001-81',
  latitude: -23.9665,
  longitude: -46.3335,
  contestacoes_aceitas: 0,
  cnpjs: [],
  ...extra,
});

const padaria: EstabelecimentoAdmin = {
  ...item(5, { nome: 'Padaria Bella Vista' }),
  vendedores: [
    // 'Sem Vendedor' is not a row of the tab, even if an answer carries it.
    { id_estabelecimento: 5, id_vendedor: 99, nome_vendedor: 'Sem Vendedor' },
    { id_estabelecimento: 5, id_vendedor: 3, nome_vendedor: 'João Vendedor' },
    { id_estabelecimento: 5, id_vendedor: 4, nome_vendedor: 'Maria Vendedora' },
  ],
  campanhas: [],
};

let routes: Routes;
let api: MockApi;
let toasts: { mock: { calls: unknown[][] } };
const toasted = () => toasts.mock.calls.map(([n]) => (n as { message: string }).message);
const calls = (method: string, path: string) => api.calls(method, path);
const bodyOf = (method: string, path: string) => api.bodyOf(method, path);

const listResponse = (itens: EstabelecimentoAdminItem[], total: number) =>
  jsonResponse(200, itens, { 'X-Total-Count': String(total) });

beforeEach(() => {
  routes = {
    'GET /v1/adm/estabelecimentos': () =>
      listResponse([item(5, { nome: 'Padaria Bella Vista' }), item(6, { ind_ativo: 'N' })], 45),
    'GET /v1/adm/estabelecimentos/5': () => jsonResponse(200, padaria),
    'GET /v1/adm/categorias': () =>
      jsonResponse(200, [
        { id_categoria: 1, categoria: 'Mercado' },
        { id_categoria: 2, categoria: 'Padaria' },
      ]),
    'GET /v1/adm/cidades': () =>
      jsonResponse(200, [
        { cod_cidade: 3548500, cidade: 'Santos', uf: 'SP' },
        { cod_cidade: 3551009, cidade: 'São Vicente', uf: 'SP' },
      ]),
    'POST /v1/adm/estabelecimentos': () => jsonResponse(201, { ...padaria, id_estabelecimento: 77 }),
    'PATCH /v1/adm/estabelecimentos/5': () => jsonResponse(200, padaria),
    'DELETE /v1/adm/estabelecimentos/5': () => jsonResponse(200, { mensagem: 'ok' }),
  };
  api = mockApi(routes);
  toasts = vi.spyOn(notifications, 'show').mockReturnValue('toast');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

const PATH = '/admin/estabelecimento';

async function openNew(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Novo' }));
  return screen.findByRole('dialog', { name: 'Novo estabelecimento' });
}

async function openPadaria(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Editar Padaria Bella Vista' }));
  const dialog = await screen.findByRole('dialog', { name: 'Padaria Bella Vista' });
  await within(dialog).findByRole('tab', { name: 'Dados' });
  await waitFor(() =>
    expect(within(dialog).getByRole('textbox', { name: 'Nome' })).toHaveValue('Padaria Bella Vista'),
  );
  return dialog;
}

describe('EstablishmentsScreen', () => {
  it('lists the admin city shops with a status badge, an edit button per row and the pager from X-Total-Count', async () => {
    setSession(superadmin);
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    expect(screen.getByRole('heading', { name: 'Estabelecimentos' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('CódigoNomeBairro / CidadeSituação');
    expect(rows[1]).toHaveTextContent('5Padaria Bella VistaGonzaga / SantosAtivo');
    expect(rows[2]).toHaveTextContent('Loja 6');
    expect(rows[2]).toHaveTextContent('Inativo');
    expect(within(table).getByRole('button', { name: 'Editar Loja 6' })).toBeInTheDocument();
    expect(screen.getByText('45 estabelecimentos')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Páginas de estabelecimentos' });
    expect(within(pager).getAllByRole('button')).toHaveLength(3);
    const url = new URL(String(calls('GET', '/v1/adm/estabelecimentos')[0]?.[0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      cod_cidade: '3548500',
      pagina: '1',
      limite: '20',
    });

    await userEvent.setup().click(within(pager).getByRole('button', { name: 'Página 3' }));
    await waitFor(() =>
      expect(
        calls('GET', '/v1/adm/estabelecimentos').some(
          ([u]) => new URL(String(u), 'http://x').searchParams.get('pagina') === '3',
        ),
      ).toBe(true),
    );
  });

  it("offers 'Novo' to the super-admin only", async () => {
    setSession(admin);
    const { unmount } = renderWithApp(<EstablishmentsScreen />, { path: PATH });
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Novo' })).not.toBeInTheDocument();
    unmount();
    setSession(superadmin);
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    expect(await screen.findByRole('button', { name: 'Novo' })).toBeInTheDocument();
  });

  it('searches by code or name after a pause in typing, from page 1', async () => {
    setSession(superadmin);
    const user = userEvent.setup();
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(calls('GET', '/v1/adm/estabelecimentos')).toHaveLength(2));
    routes['GET /v1/adm/estabelecimentos'] = () => listResponse([], 0);
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por código ou nome' }), 'Padoca');
    expect(await screen.findByText('Nenhum estabelecimento encontrado para "Padoca".')).toBeInTheDocument();
    const searches = calls('GET', '/v1/adm/estabelecimentos').map(
      ([u]) => new URL(String(u), 'http://x').searchParams,
    );
    // One call for the whole word, not one per letter, back on page 1.
    expect(searches.filter((p) => p.has('q'))).toHaveLength(1);
    expect(searches.at(-1)?.get('q')).toBe('Padoca');
    expect(searches.at(-1)?.get('pagina')).toBe('1');
  });

  it("says 'Nenhum estabelecimento encontrado' for an empty city and retries a failed load", async () => {
    setSession(superadmin);
    routes['GET /v1/adm/estabelecimentos'] = () => jsonResponse(500, { erro: 'Falha no banco' });
    const user = userEvent.setup();
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    expect(await screen.findByText('Não foi possível carregar os estabelecimentos.')).toBeInTheDocument();
    expect(screen.getByText('Falha no banco')).toBeInTheDocument();
    routes['GET /v1/adm/estabelecimentos'] = () => listResponse([], 0);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Nenhum estabelecimento encontrado')).toBeInTheDocument();
  });

  it('asks a super-admin without a city to choose one in the top bar, without calling the list', async () => {
    setSession({ ...superadmin, cod_cidade: 0 });
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    expect(
      await screen.findByText('Escolha a cidade no topo da página para ver os estabelecimentos.'),
    ).toBeInTheDocument();
    expect(calls('GET', '/v1/adm/estabelecimentos')).toHaveLength(0);
  });
});

// The dialogs type a lot; a loaded machine needs more than the default 5 s.
describe('Establishment dialog', { timeout: 30_000 }, () => {
  it("clears an invalid CNPJ on leaving the field with 'CNPJ invalido'; a valid one stays formatted", async () => {
    setSession(superadmin);
    const user = userEvent.setup();
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    const dialog = await openNew(user);
    const cnpj = within(dialog).getByRole('textbox', { name: 'CNPJ' });

    await user.type(cnpj, '11222333000182');
    expect(cnpj).toHaveValue('11.222.333/0001-82');
    await user.tab();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('CNPJ invalido');
    expect(cnpj).toHaveValue('');

    await user.type(cnpj, '11222333000181');
    await user.tab();
    expect(cnpj).toHaveValue('11.222.333/0001-81');
  });

  it('takes an alphanumeric CNPJ as typed, letters upper-cased (IN RFB 2.229/2024)', async () => {
    setSession(superadmin);
    const user = userEvent.setup();
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    const dialog = await openNew(user);
    const cnpj = within(dialog).getByRole('textbox', { name: 'CNPJ' });

    await user.type(cnpj, '12abc34501deXY35');
    expect(cnpj).toHaveValue('12.ABC.345/01DE-35');
    await user.tab();
    expect(cnpj).toHaveValue('12.ABC.345/01DE-35');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('does not save right after clearing an invalid CNPJ: the first Save says why', async () => {
    setSession(superadmin);
    const user = userEvent.setup();
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    const dialog = await openNew(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Loja Nova');
    await user.type(within(dialog).getByRole('textbox', { name: 'CNPJ' }), '123');
    // Clicking Save leaves the field first.
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('CNPJ invalido');
    expect(calls('POST', '/v1/adm/estabelecimentos')).toHaveLength(0);
  });

  it('ignores a seller added twice (any case, spaces), adds on Enter, renames and removes', async () => {
    setSession(superadmin);
    const user = userEvent.setup();
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    const dialog = await openNew(user);
    await user.click(within(dialog).getByRole('tab', { name: 'Vendedores' }));
    const name = within(dialog).getByRole('textbox', { name: 'Nome do vendedor' });
    await user.type(name, 'Carla Souza');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    await user.type(name, '  carla souza {Enter}');
    expect(within(dialog).getByText('"carla souza" já está na lista.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Sem Vendedor{Enter}');
    await user.clear(name);
    await user.type(name, 'Davi{Enter}');

    const list = within(dialog).getByRole('list', { name: 'Vendedores' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('textbox', { name: 'Nome do vendedor Carla Souza' })).toHaveValue(
      'Carla Souza',
    );
    await user.click(within(list).getByRole('button', { name: 'Remover Davi' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    // Enter added sellers; it never submitted the dialog.
    expect(calls('POST', '/v1/adm/estabelecimentos')).toHaveLength(0);
  });

  it('creates with POST: the whole form, CNPJ formatted, money and coordinates as numbers, the sellers', async () => {
    setSession(superadmin);
    const user = userEvent.setup();
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    const dialog = await openNew(user);
    expect(within(dialog).queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Cidade' })).toHaveValue('Santos - SP'),
    );

    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Empório Novo');
    await user.type(within(dialog).getByRole('textbox', { name: 'CNPJ' }), '11222333000181');
    await user.click(within(dialog).getByRole('combobox', { name: 'Categoria' }));
    await user.click(await screen.findByRole('option', { name: 'Mercado' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Participa de campanhas' }));
    const minimo = within(dialog).getByLabelText('Pedido mínimo');
    await user.clear(minimo);
    await user.type(minimo, '1234,5');
    const taxa = within(dialog).getByLabelText('Taxa de entrega');
    await user.clear(taxa);
    await user.type(taxa, '7,25');

    await user.click(within(dialog).getByRole('tab', { name: 'Endereço' }));
    await user.type(within(dialog).getByLabelText('CEP'), '11060000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Endereço' }), 'Av. Ana Costa, 100');
    await user.type(within(dialog).getByLabelText('WhatsApp'), '13991234567');
    await user.type(within(dialog).getByLabelText('Latitude'), '-23.96651234');
    await user.type(within(dialog).getByLabelText('Longitude'), '-46,3335');

    await user.click(within(dialog).getByRole('tab', { name: 'Vendedores' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome do vendedor' }), 'Carla{Enter}');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('POST', '/v1/adm/estabelecimentos')).toHaveLength(1));
    expect(bodyOf('POST', '/v1/adm/estabelecimentos')).toEqual({
      nome: 'Empório Novo',
      cnpj: '11.222.333/0001-81',
      cnpjs: [],
      id_categoria: 1,
      cod_cidade: 3548500,
      ind_ativo: 'S',
      ies_campanha: 'S',
      vl_min_pedido: 1234.5,
      vl_taxa_entrega: 7.25,
      site: '',
      cep: '11060-000',
      endereco: 'Av. Ana Costa, 100',
      complemento: '',
      bairro: '',
      // The address took the chosen city's name and state.
      cidade: 'Santos',
      uf: 'SP',
      telefone: '',
      whatsup: '13991234567',
      latitude: -23.96651234,
      longitude: -46.3335,
      url_foto: '',
      url_logo: '',
      vendedores: [{ nome_vendedor: 'Carla' }],
    });
    await waitFor(() => expect(toasted()).toContain('Estabelecimento salvo'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Novo estabelecimento' })).not.toBeInTheDocument(),
    );
    // The list is read again.
    await waitFor(() => expect(calls('GET', '/v1/adm/estabelecimentos')).toHaveLength(2));
  });

  // Issue 35: money fields never drop, move or invent a digit.
  it.each([
    ['Pedido mínimo', '1000000,01', MSG_ADMIN.valorInvalido],
    ['Pedido mínimo', '10,999', 'Pedido mínimo: use no máximo 2 casas decimais, como 1.234,56'],
    ['Taxa de entrega', '-5', 'Taxa de entrega: não pode ser negativo; apague o sinal de menos'],
    [
      'Taxa de entrega',
      '5,5,0',
      'Taxa de entrega: número inválido; use vírgula antes das casas decimais, como 1.234,56',
    ],
  ])('keeps %s %s as typed and refuses it on Save with a message', async (label, typed, message) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setSession(superadmin);
    const user = userEvent.setup();
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    const dialog = await openNew(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Empório Novo');
    const field = within(dialog).getByRole('textbox', { name: label });
    await user.clear(field);
    await user.type(field, typed);
    expect(field).toHaveValue(typed);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(field).toHaveValue(typed);
    expect(calls('POST', '/v1/adm/estabelecimentos')).toHaveLength(0);
  });

  it('refuses to create without a name, with no call', async () => {
    setSession(superadmin);
    const user = userEvent.setup();
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    const dialog = await openNew(user);
    await user.click(within(dialog).getByRole('tab', { name: 'Vendedores' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    // The dialog shows the tab of the field to fix; the refusal is under the field, which takes the focus.
    const nome = await findFieldRefusal(dialog, 'Informe o nome do estabelecimento');
    expect(within(dialog).getByRole('tab', { name: 'Dados' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(nome).toHaveFocus());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(calls('POST', '/v1/adm/estabelecimentos')).toHaveLength(0);
  });

  it('edits with PATCH: loads the record first, then sends the whole form with the renamed and new sellers', async () => {
    setSession(superadmin);
    const user = userEvent.setup();
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    const dialog = await openPadaria(user);
    expect(calls('GET', '/v1/adm/estabelecimentos/5')).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: 'CNPJ' })).toHaveValue('11.222.333/0001-81');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Categoria' })).toHaveValue('Padaria'),
    );
    // Stored money shows with its cents (issue 35).
    expect(within(dialog).getByLabelText('Taxa de entrega')).toHaveValue('5,50');

    await user.click(within(dialog).getByRole('tab', { name: 'Vendedores' }));
    const sellers = within(dialog).getByRole('list', { name: 'Vendedores' });
    expect(within(sellers).getAllByRole('listitem')).toHaveLength(2);
    const joao = within(dialog).getByRole('textbox', { name: 'Nome do vendedor João Vendedor' });
    await user.clear(joao);
    await user.type(joao, 'João Silva');
    await user.click(within(dialog).getByRole('button', { name: 'Remover Maria Vendedora' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome do vendedor' }), 'Nova{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(calls('PATCH', '/v1/adm/estabelecimentos/5')).toHaveLength(1));
    expect(bodyOf('PATCH', '/v1/adm/estabelecimentos/5')).toMatchObject({
      id_estabelecimento: 5,
      nome: 'Padaria Bella Vista',
      cnpj: '11.222.333/0001-81',
      id_categoria: 2,
      cod_cidade: 3548500,
      ind_ativo: 'S',
      ies_campanha: 'S',
      vl_min_pedido: 20,
      vl_taxa_entrega: 5.5,
      cep: '11060-000',
      telefone: '1332221234',
      latitude: -23.9665,
      longitude: -46.3335,
      vendedores: [{ id_vendedor: 3, nome_vendedor: 'João Silva' }, { nome_vendedor: 'Nova' }],
    });
    expect(calls('POST', '/v1/adm/estabelecimentos')).toHaveLength(0);
    await waitFor(() => expect(toasted()).toContain('Estabelecimento salvo'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a loader while the record loads, then the form; a failed load offers a retry', async () => {
    setSession(superadmin);
    let answer: (r: Response) => void = () => undefined;
    routes['GET /v1/adm/estabelecimentos/5'] = () => new Promise<Response>((resolve) => (answer = resolve));
    const user = userEvent.setup();
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Editar Padaria Bella Vista' }));
    const dialog = await screen.findByRole('dialog', { name: 'Padaria Bella Vista' });
    expect(within(dialog).getByText('Carregando estabelecimento…')).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab')).not.toBeInTheDocument();
    // Save does nothing before the record is there.
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(calls('PATCH', '/v1/adm/estabelecimentos/5')).toHaveLength(0);
    answer(jsonResponse(500, { erro: 'Falha ao ler' }));
    expect(
      await within(dialog).findByText('Não foi possível carregar o estabelecimento.'),
    ).toBeInTheDocument();
    routes['GET /v1/adm/estabelecimentos/5'] = () => jsonResponse(200, padaria);
    await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Nome' })).toHaveValue('Padaria Bella Vista'),
    );
  });

  it("deletes after 'Confirma Exclusao'; a 409 shows the server's text in the red alert", async () => {
    setSession(superadmin);
    routes['DELETE /v1/adm/estabelecimentos/5'] = () =>
      jsonResponse(409, { erro: 'Este estabelecimento já tem vendas e não pode ser excluído' });
    const user = userEvent.setup();
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    const dialog = await openPadaria(user);
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirma Exclusao' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Este estabelecimento já tem vendas e não pode ser excluído',
    );
    expect(calls('DELETE', '/v1/adm/estabelecimentos/5')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Padaria Bella Vista' })).toBeInTheDocument();

    routes['DELETE /v1/adm/estabelecimentos/5'] = () => jsonResponse(200, { mensagem: 'ok' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirma Exclusao' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    await waitFor(() => expect(toasted()).toContain('Estabelecimento excluído'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Padaria Bella Vista' })).not.toBeInTheDocument(),
    );
  });

  it("shows a save refusal's server text in the red alert and keeps the dialog open", async () => {
    setSession(superadmin);
    routes['PATCH /v1/adm/estabelecimentos/5'] = () =>
      jsonResponse(409, { erro: 'O vendedor João Vendedor tem vendas e não pode ser removido' });
    const user = userEvent.setup();
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    const dialog = await openPadaria(user);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'O vendedor João Vendedor tem vendas e não pode ser removido',
    );
    expect(toasted()).not.toContain('Estabelecimento salvo');
  });

  it('for a plain admin: category, city, flags and photos are read-only, no Excluir, and PATCH leaves them out', async () => {
    setSession(admin);
    const user = userEvent.setup();
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    const dialog = await openPadaria(user);
    const note = 'Somente o super-administrador altera este campo';
    for (const field of [
      within(dialog).getByRole('combobox', { name: 'Categoria' }),
      within(dialog).getByRole('combobox', { name: 'Cidade' }),
      within(dialog).getByRole('switch', { name: 'Ativo' }),
      within(dialog).getByRole('switch', { name: 'Participa de campanhas' }),
    ]) {
      expect(field).toBeDisabled();
      expect(field).toHaveAccessibleDescription(note);
    }
    expect(within(dialog).getByRole('textbox', { name: 'Nome' })).toBeEnabled();
    expect(within(dialog).getByRole('textbox', { name: 'CNPJ' })).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('tab', { name: 'Fotos' }));
    expect(within(dialog).getByRole('group', { name: 'Foto' })).toHaveAccessibleDescription(note);
    expect(within(dialog).getByRole('group', { name: 'Logo' })).toHaveAccessibleDescription(note);
    expect(within(dialog).queryByRole('button', { name: 'Escolher imagem' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('tab', { name: 'Dados' }));
    const nome = within(dialog).getByRole('textbox', { name: 'Nome' });
    await user.clear(nome);
    await user.type(nome, 'Padaria Bella Vista Gonzaga');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('PATCH', '/v1/adm/estabelecimentos/5')).toHaveLength(1));
    const body = bodyOf('PATCH', '/v1/adm/estabelecimentos/5');
    expect(body).toMatchObject({ nome: 'Padaria Bella Vista Gonzaga', vendedores: expect.any(Array) });
    for (const key of ['id_categoria', 'cod_cidade', 'ind_ativo', 'ies_campanha', 'url_foto', 'url_logo']) {
      expect(body).not.toHaveProperty(key);
    }
  });
});

describe("Establishment dialog: the receipts' CNPJs (issue 53)", { timeout: 30_000 }, () => {
  it('adds an alphanumeric CNPJ, refuses an invalid or repeated one, removes one, and sends the whole list', async () => {
    routes['GET /v1/adm/estabelecimentos/5'] = () =>
      jsonResponse(200, { ...padaria, cnpjs: ['11.222.333/0001-81'] });
    setSession(admin);
    const user = userEvent.setup();
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    const dialog = await openPadaria(user);
    const lista = within(dialog).getByRole('list', { name: 'CNPJs das notas fiscais' });
    expect(
      within(lista)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['11.222.333/0001-81Remover']);
    const campo = within(dialog).getByRole('textbox', { name: 'CNPJ da nota fiscal' });
    const adicionar = within(
      within(dialog).getByRole('group', { name: 'CNPJs das notas fiscais (NFC-e)' }),
    ).getByRole('button', { name: 'Adicionar' });
    await user.type(campo, '11222333000182');
    await user.click(adicionar);
    expect(await findFieldRefusal(dialog, MSG_ADMIN.cnpjInvalido)).toBe(campo);
    await user.clear(campo);
    await user.type(campo, '11222333000181');
    await user.keyboard('{Enter}');
    await findFieldRefusal(dialog, CNPJ_JA_NA_LISTA);
    await user.clear(campo);
    // Letters in either case, as IN RFB 2.229/2024 allows; Enter adds instead of saving.
    await user.type(campo, '12abc34501de35{Enter}');
    expect(campo).toHaveValue('');
    expect(
      within(lista)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['11.222.333/0001-81Remover', '12.ABC.345/01DE-35Remover']);
    expect(calls('PATCH', '/v1/adm/estabelecimentos/5')).toHaveLength(0);
    await user.click(within(lista).getByRole('button', { name: 'Remover 11.222.333/0001-81' }));
    expect(campo).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('PATCH', '/v1/adm/estabelecimentos/5')).toHaveLength(1));
    expect(bodyOf('PATCH', '/v1/adm/estabelecimentos/5')).toMatchObject({ cnpjs: ['12.ABC.345/01DE-35'] });
  });

  it('adds a CNPJ typed but not added when the person goes straight to Salvar', async () => {
    setSession(admin);
    const user = userEvent.setup();
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    const dialog = await openPadaria(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'CNPJ da nota fiscal' }), '11222333000181');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('PATCH', '/v1/adm/estabelecimentos/5')).toHaveLength(1));
    expect(bodyOf('PATCH', '/v1/adm/estabelecimentos/5')).toMatchObject({ cnpjs: ['11.222.333/0001-81'] });
  });

  it("shows the server's refusal of a CNPJ another shop holds in the red alert", async () => {
    routes['PATCH /v1/adm/estabelecimentos/5'] = () => jsonResponse(409, { erro: MSG_ADMIN.cnpjDeOutraLoja });
    setSession(admin);
    const user = userEvent.setup();
    renderWithApp(<EstablishmentsScreen />, { path: PATH });
    const dialog = await openPadaria(user);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'CNPJ da nota fiscal' }),
      '11222333000181{Enter}',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_ADMIN.cnpjDeOutraLoja);
    expect(bodyOf('PATCH', '/v1/adm/estabelecimentos/5')).toMatchObject({ cnpjs: ['11.222.333/0001-81'] });
  });
});
