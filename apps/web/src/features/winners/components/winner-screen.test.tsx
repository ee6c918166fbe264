import { notifications } from '@mantine/notifications';
import {
  MSG_APURACAO,
  MSG_SORTEIO,
  ROTULO_TIPO_ANULACAO,
  type CampanhaAdmin,
  type ContempladoAdmin,
  type EstabelecimentoAdminItem,
} from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAdminCity } from '@/lib/admin-city';
import { setSession } from '@/lib/session';
import { todayIso } from '@/lib/today';
import { jsonResponse, mockApi, type MockApi, type Routes } from '@/test/mock-api';
import { shownDate, typeDate } from '@/test/dates';
import { findFieldRefusal } from '@/test/form';
import { renderWithApp } from '@/test/render';
import { WinnerScreen } from './winner-screen';
import { testSession } from '@/test/sessions';

const admin = testSession({ nome: 'Ana Admin', email: 'admin@praca.demo', admin: true });

const contemplado = (id: number, nome: string, extra: Partial<ContempladoAdmin> = {}): ContempladoAdmin => ({
  id_sorteado: id,
  id_sorteio: null,
  id_usuario: null,
  id_campanha: 2,
  den_campanha: 'Natal Premiado',
  id_estabelecimento: null,
  nom_estabelecimento: '',
  nome_sorteado: nome,
  nome: '',
  data_sorteio: '2026-12-20',
  id_vendedor: 99,
  nom_vendedor: 'Sem Vendedor',
  nome_vendedor: 'Sem Vendedor',
  data_venda: null,
  dat_venda: null,
  numero_venda: null,
  valor_venda: null,
  endereco: '',
  numero: '',
  banner: '',
  fotos: [],
  images: [],
  id_apuracao: null,
  anulado_em: null,
  motivo_anulacao: null,
  entregue_em: null,
  ...extra,
});

const campanha = (id: number, den: string): CampanhaAdmin => ({
  id_campanha: id,
  den_campanha: den,
  banner: '',
  validade_ini: '2026-11-01',
  validade_fim: '2026-12-31',
  link: '',
  cod_cidade: 3548500,
  limite_vendas_dia_loja: null,
  limite_cupons_mes: null,
  limite_valor_dia: null,
  pct_entidade: 0,
  exige_nfce: false,
});

const loja = (id: number, nome: string): EstabelecimentoAdminItem => ({
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
  latitude: null,
  longitude: null,
  contestacoes_aceitas: 0,
  cnpjs: [],
});

const sorteado = contemplado(7, 'João Pereira', {
  id_sorteio: 42,
  id_usuario: 11,
  nome: 'João Carlos Pereira',
  id_estabelecimento: 5,
  nom_estabelecimento: 'Padaria Bella Vista',
  id_vendedor: 3,
  nom_vendedor: 'Bruna',
  nome_vendedor: 'Bruna',
  dat_venda: '2026-12-01',
  numero_venda: 'NF-123',
  valor_venda: 1234.5,
  endereco: 'Rua das Flores',
  numero: '10',
  fotos: ['users/entrega-a.png', 'users/entrega-b.png'],
  images: [{ url_foto: 'users/entrega-b.png' }],
});

let routes: Routes;
let api: MockApi;
let toasts: { mock: { calls: unknown[][] } };
const toasted = () => toasts.mock.calls.map(([n]) => (n as { message: string }).message);
const calls = (method: string, path: string) => api.calls(method, path);
const bodyOf = (method: string, path: string) => api.bodyOf(method, path);
const png = (name = 'entrega.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });

beforeEach(() => {
  routes = {
    'GET /v1/adm/contemplados': () =>
      jsonResponse(
        200,
        [
          sorteado,
          contemplado(6, 'Maria Souza', {
            den_campanha: 'Páscoa Feliz',
            id_campanha: 1,
            data_sorteio: '2026-04-06',
          }),
        ],
        { 'X-Total-Count': '45' },
      ),
    'GET /v1/adm/contemplados/7': () => jsonResponse(200, [sorteado]),
    'GET /v1/adm/campanhas': () =>
      jsonResponse(200, [campanha(2, 'Natal Premiado'), campanha(1, 'Páscoa Feliz')]),
    'GET /v1/adm/estabelecimentos': () =>
      jsonResponse(200, [loja(5, 'Padaria Bella Vista'), loja(4, 'Açougue Central')]),
    'GET /v1/estabelecimentos/vendedores/5': () =>
      jsonResponse(200, [
        { id_estabelecimento: 5, id_vendedor: 99, nome_vendedor: 'Sem Vendedor' },
        { id_estabelecimento: 5, id_vendedor: 3, nome_vendedor: 'Bruna' },
        { id_estabelecimento: 5, id_vendedor: 4, nome_vendedor: 'Carlos' },
      ]),
    'GET /v1/estabelecimentos/vendedores/4': () => jsonResponse(200, []),
    'POST /img/users/post_img.php': (_url, init) => {
      const { nomearq } = JSON.parse(String(init?.body)) as { nomearq: string };
      const caminho = `users/${nomearq.replace('.png', '')}-1a2b.png`;
      return jsonResponse(201, {
        caminho,
        nomearq: caminho,
        url: `/img/${caminho}`,
        largura: 512,
        altura: 512,
      });
    },
    'POST /v1/adm/contemplados': () => jsonResponse(201, { id_sorteado: 8 }),
  };
  api = mockApi(routes);
  toasts = vi.spyOn(notifications, 'show').mockReturnValue('toast');
  setSession(admin);
});

describe('WinnerScreen', () => {
  it('lists the winners with dd/mm/yyyy draw dates, Editar per row and the pager', async () => {
    const user = userEvent.setup();
    renderWithApp(<WinnerScreen />, { path: '/admin/contemplado' });
    expect(screen.getByRole('heading', { name: 'Contemplados' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nova' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sorteio' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('Data do sorteioCampanhaContemplado');
    expect(rows[1]).toHaveTextContent('20/12/2026Natal PremiadoJoão Pereira');
    expect(rows[2]).toHaveTextContent('06/04/2026Páscoa FelizMaria Souza');
    expect(within(rows[1]!).getByRole('button', { name: 'Editar João Pereira' })).toBeInTheDocument();
    expect(screen.getByText('45 contemplados')).toBeInTheDocument();

    const [first] = calls('GET', '/v1/adm/contemplados');
    expect(Object.fromEntries(new URL(String(first?.[0]), 'http://x').searchParams)).toEqual({
      cod_cidade: '3548500',
      pagina: '1',
      limite: '20',
    });

    const pager = screen.getByRole('navigation', { name: 'Páginas de contemplados' });
    expect(within(pager).getAllByRole('button')).toHaveLength(3);
    await user.click(within(pager).getByRole('button', { name: 'Página 3' }));
    await waitFor(() =>
      expect(
        calls('GET', '/v1/adm/contemplados').some(
          ([u]) => new URL(String(u), 'http://x').searchParams.get('pagina') === '3',
        ),
      ).toBe(true),
    );
  });

  it("says 'Nenhum contemplado ainda' when the city has none", async () => {
    routes['GET /v1/adm/contemplados'] = () => jsonResponse(200, []);
    renderWithApp(<WinnerScreen />, { path: '/admin/contemplado' });
    expect(await screen.findByText('Nenhum contemplado ainda')).toBeInTheDocument();
  });

  it('shows the error with a retry that loads again', async () => {
    routes['GET /v1/adm/contemplados'] = () => jsonResponse(500, { erro: 'Banco fora do ar' });
    const user = userEvent.setup();
    renderWithApp(<WinnerScreen />, { path: '/admin/contemplado' });
    expect(await screen.findByText('Banco fora do ar')).toBeInTheDocument();
    routes['GET /v1/adm/contemplados'] = () => jsonResponse(200, [sorteado]);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: 'Editar João Pereira' })).toBeInTheDocument();
  });

  it("shows each winner's state (issue 36): annulled with its reason, delivered, else the actions", async () => {
    routes['GET /v1/adm/contemplados'] = () =>
      jsonResponse(200, [
        sorteado,
        contemplado(6, 'Maria Souza', {
          anulado_em: '2026-12-26T13:00:00.000Z',
          motivo_anulacao: 'Não foi localizada',
        }),
        contemplado(5, 'Rui Lima', { entregue_em: '2026-12-28T13:00:00.000Z' }),
      ]);
    renderWithApp(<WinnerScreen />, { path: '/admin/contemplado' });
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('Situação');
    expect(rows[1]).toHaveTextContent('A entregar');
    expect(within(rows[1]!).getByRole('button', { name: 'Anular João Pereira' })).toBeInTheDocument();
    expect(
      within(rows[1]!).getByRole('button', { name: 'Marcar prêmio entregue a João Pereira' }),
    ).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Anulado: Não foi localizada');
    expect(within(rows[2]!).queryByRole('button', { name: /Anular|Marcar/ })).not.toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Editar Maria Souza' })).toBeInTheDocument();
    expect(rows[3]).toHaveTextContent('Entregue em 28/12/2026');
    expect(within(rows[3]!).queryByRole('button', { name: /Marcar/ })).not.toBeInTheDocument();
    // Issue 51: a delivered prize is final, its winner is not offered 'Anular'.
    expect(within(rows[3]!).queryByRole('button', { name: /Anular/ })).not.toBeInTheDocument();
    expect(within(rows[3]!).getByRole('button', { name: 'Editar Rui Lima' })).toBeInTheDocument();
  });

  it("'Anular' asks for the type and the reason (10 characters at least), posts both and reloads the list", async () => {
    routes['POST /v1/adm/contemplados/7/anulacao'] = () =>
      jsonResponse(200, { mensagem: 'Contemplado anulado' });
    const user = userEvent.setup();
    renderWithApp(<WinnerScreen />, { path: '/admin/contemplado' });
    await user.click(await screen.findByRole('button', { name: 'Anular João Pereira' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anular João Pereira' });
    const tipo = within(dialog).getByRole('combobox', { name: 'Tipo da anulação' });
    expect(
      within(tipo)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Escolha o tipo',
      ROTULO_TIPO_ANULACAO.nao_localizado,
      ROTULO_TIPO_ANULACAO.titular_inelegivel,
      ROTULO_TIPO_ANULACAO.venda_anulada,
    ]);
    const motivo = within(dialog).getByRole('textbox', { name: /Motivo da anulação/ });
    await user.type(motivo, 'curto');
    await user.click(within(dialog).getByRole('button', { name: 'Anular' }));
    expect(await findFieldRefusal(dialog, MSG_APURACAO.tipoAnulacaoInvalido)).toBe(tipo);
    await waitFor(() => expect(tipo).toHaveFocus());
    expect(motivo).toHaveAttribute('aria-invalid', 'true');
    expect(motivo).toHaveAccessibleDescription(expect.stringContaining(MSG_APURACAO.motivoObrigatorio));
    expect(calls('POST', '/v1/adm/contemplados/7/anulacao')).toHaveLength(0);

    await user.selectOptions(tipo, 'titular_inelegivel');
    await user.type(motivo, ': o participante é funcionário da loja');
    const before = calls('GET', '/v1/adm/contemplados').length;
    await user.click(within(dialog).getByRole('button', { name: 'Anular' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf('POST', '/v1/adm/contemplados/7/anulacao')).toEqual({
      motivo: 'curto: o participante é funcionário da loja',
      tipo: 'titular_inelegivel',
    });
    await waitFor(() => expect(toasted()).toContain('João Pereira foi anulado.'));
    await waitFor(() => expect(calls('GET', '/v1/adm/contemplados').length).toBeGreaterThan(before));
  });

  it("'Anular' shows the API's refusal next to its button and keeps the dialog", async () => {
    routes['POST /v1/adm/contemplados/7/anulacao'] = () =>
      jsonResponse(409, { erro: MSG_APURACAO.jaAnulado });
    const user = userEvent.setup();
    renderWithApp(<WinnerScreen />, { path: '/admin/contemplado' });
    await user.click(await screen.findByRole('button', { name: 'Anular João Pereira' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anular João Pereira' });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Tipo da anulação' }),
      'nao_localizado',
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: /Motivo da anulação/ }),
      'Participante inelegível',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Anular' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_APURACAO.jaAnulado);
  });

  it("'Marcar prêmio entregue' asks first (issue 51): 'Cancelar' posts nothing", async () => {
    routes['POST /v1/adm/contemplados/7/entrega'] = () => jsonResponse(200, { mensagem: 'ok' });
    const user = userEvent.setup();
    renderWithApp(<WinnerScreen />, { path: '/admin/contemplado' });
    await user.click(await screen.findByRole('button', { name: 'Marcar prêmio entregue a João Pereira' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar prêmio entregue' });
    expect(dialog).toHaveTextContent(
      'Confirma que o prêmio de João Pereira (Natal Premiado) foi entregue? Depois de marcado, o contemplado não pode mais ser anulado e a entrega não pode ser desfeita.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('POST', '/v1/adm/contemplados/7/entrega')).toHaveLength(0);
    expect(screen.queryByText(/marcado como entregue/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marcar prêmio entregue a João Pereira' })).toBeInTheDocument();
  });

  it("'Marcar prêmio entregue', confirmed, posts the delivery and says so; a refusal shows the API's text", async () => {
    routes['POST /v1/adm/contemplados/7/entrega'] = () => jsonResponse(200, { mensagem: 'ok' });
    const user = userEvent.setup();
    renderWithApp(<WinnerScreen />, { path: '/admin/contemplado' });
    const confirm = async () => {
      const dialog = await screen.findByRole('dialog', { name: 'Marcar prêmio entregue' });
      await user.click(within(dialog).getByRole('button', { name: 'Confirmar entrega' }));
    };
    await user.click(await screen.findByRole('button', { name: 'Marcar prêmio entregue a João Pereira' }));
    expect(calls('POST', '/v1/adm/contemplados/7/entrega')).toHaveLength(0);
    await confirm();
    await waitFor(() => expect(toasted()).toContain('Prêmio de João Pereira marcado como entregue.'));
    expect(calls('POST', '/v1/adm/contemplados/7/entrega')).toHaveLength(1);

    routes['POST /v1/adm/contemplados/7/entrega'] = () => jsonResponse(409, { erro: MSG_APURACAO.jaAnulado });
    await user.click(screen.getByRole('button', { name: 'Marcar prêmio entregue a João Pereira' }));
    await confirm();
    await waitFor(() =>
      expect(toasts.mock.calls.at(-1)?.[0]).toMatchObject({ color: 'red', message: MSG_APURACAO.jaAnulado }),
    );
  });

  it('asks the super-admin to pick a city first, without any call', () => {
    setSession({ ...admin, superadmin: true, cod_cidade: 0 });
    setAdminCity('000000');
    renderWithApp(<WinnerScreen />, { path: '/admin/contemplado' });
    expect(
      screen.getByText('Escolha a cidade no topo da página para ver os contemplados.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sorteio' })).not.toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});

// The dialogs type a lot; a loaded machine needs more than the default.
describe('Winner dialog', { timeout: 30_000 }, () => {
  async function openNew(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Nova' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo contemplado' });
    await within(dialog).findByRole('option', { name: 'Natal Premiado' });
    return dialog;
  }

  it('creates a winner: POST with the seller of the chosen shop and the uploaded photos', async () => {
    const user = userEvent.setup();
    renderWithApp(<WinnerScreen />, { path: '/admin/contemplado' });
    const dialog = await openNew(user);
    expect(within(dialog).getByRole('textbox', { name: /Data do sorteio/ })).toHaveValue(
      shownDate(todayIso()),
    );
    expect(within(dialog).queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Vendedor/ })).toHaveValue('99');

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Campanha/ }), 'Natal Premiado');
    await user.type(within(dialog).getByRole('textbox', { name: /Nome do contemplado/ }), 'Maria da Silva');
    await typeDate(user, within(dialog).getByRole('textbox', { name: /Data do sorteio/ }), '2026-12-20');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /Estabelecimento/ }),
      'Padaria Bella Vista',
    );
    const vendedor = within(dialog).getByRole('combobox', { name: /Vendedor/ });
    await within(vendedor).findByRole('option', { name: 'Bruna' });
    expect(
      within(vendedor)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sem Vendedor', 'Bruna', 'Carlos']);
    await user.selectOptions(vendedor, 'Bruna');

    // Two photo fields: one gets a picture, the other stays empty and is not sent.
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar foto' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar foto' }));
    const foto1 = within(dialog).getByRole('group', { name: 'Foto 1' });
    expect(within(dialog).getByRole('group', { name: 'Foto 2' })).toBeInTheDocument();
    const input = foto1.querySelector<HTMLInputElement>('input[type="file"]');
    await user.upload(input!, png('entrega.png'));
    expect(await within(foto1).findByRole('img', { name: 'Foto 1' })).toBeInTheDocument();
    expect(new URL(String(calls('POST', '/img/users/post_img.php')[0]?.[0])).pathname).toBe(
      '/img/users/post_img.php',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('POST', '/v1/adm/contemplados')).toHaveLength(1));
    expect(bodyOf('POST', '/v1/adm/contemplados')).toEqual({
      id_sorteado: 0,
      id_campanha: 2,
      id_sorteio: null,
      id_usuario: null,
      id_estabelecimento: 5,
      nome_sorteado: 'Maria da Silva',
      data_sorteio: '2026-12-20',
      id_vendedor: 3,
      nome_vendedor: 'Bruna',
      fotos: ['users/entrega-1a2b.png'],
    });
    await waitFor(() => expect(toasted()).toContain('Contemplado salvo'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Novo contemplado' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(calls('GET', '/v1/adm/contemplados').length).toBeGreaterThan(1));
  });

  it('names the participant by search and takes the name when it was blank', async () => {
    routes['GET /v1/parceiro/usuarios'] = (url) =>
      jsonResponse(
        200,
        url.searchParams.get('nome') === 'Mari'
          ? [{ id_usuario: 31, nome: 'Mariana Lopes', whatsup: '(**) *****-4567' }]
          : [],
      );
    const user = userEvent.setup();
    renderWithApp(<WinnerScreen />, { path: '/admin/contemplado' });
    const dialog = await openNew(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Campanha/ }), 'Páscoa Feliz');
    await user.type(within(dialog).getByRole('combobox', { name: /Participante/ }), 'Mari');
    await user.click(await screen.findByRole('option', { name: /Mariana Lopes/ }));
    expect(within(dialog).getByRole('textbox', { name: /Nome do contemplado/ })).toHaveValue('Mariana Lopes');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('POST', '/v1/adm/contemplados')).toHaveLength(1));
    expect(bodyOf('POST', '/v1/adm/contemplados')).toMatchObject({
      id_campanha: 1,
      id_usuario: 31,
      id_estabelecimento: null,
      nome_sorteado: 'Mariana Lopes',
      id_vendedor: 99,
      nome_vendedor: 'Sem Vendedor',
      fotos: [],
    });
  });

  it('with a coupon, leaves the participant and the shop to the server', async () => {
    const user = userEvent.setup();
    renderWithApp(<WinnerScreen />, { path: '/admin/contemplado' });
    const dialog = await openNew(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Campanha/ }), 'Natal Premiado');
    await user.type(within(dialog).getByRole('textbox', { name: /Cupom/ }), '00000a122');
    expect(within(dialog).getByRole('textbox', { name: /Cupom/ })).toHaveValue('000-00122');
    expect(within(dialog).getByText(/o participante e o estabelecimento vêm do cupom/)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Estabelecimento/ })).toBeDisabled();
    expect(within(dialog).queryByRole('combobox', { name: /Participante/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Nome do contemplado/ }), 'Zé');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('POST', '/v1/adm/contemplados')).toHaveLength(1));
    const body = bodyOf('POST', '/v1/adm/contemplados');
    // The code typed is the 123rd coupon of the campaign: its stored number goes to the server.
    expect(body).toMatchObject({ id_campanha: 2, id_sorteio: 123, nome_sorteado: 'Zé' });
    expect(body).not.toHaveProperty('id_usuario');
    expect(body).not.toHaveProperty('id_estabelecimento');
  });

  it("refuses a missing campaign ('Selecione uma campanha') and a blank name, with no call", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<WinnerScreen />, { path: '/admin/contemplado' });
    const dialog = await openNew(user);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    // Both refusals at once, each under its field; the first field on the page takes the focus.
    const campanha = await findFieldRefusal(dialog, MSG_SORTEIO.campanhaObrigatoria);
    expect(campanha).toBe(within(dialog).getByRole('combobox', { name: /Campanha/ }));
    expect(campanha).toHaveFocus();
    await findFieldRefusal(dialog, MSG_SORTEIO.nomeObrigatorio);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.selectOptions(campanha, 'Natal Premiado');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await findFieldRefusal(dialog, MSG_SORTEIO.nomeObrigatorio)).toHaveFocus();
    expect(calls('POST', '/v1/adm/contemplados')).toHaveLength(0);
  });

  it("shows the server's erro in the red alert and keeps the dialog", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    routes['POST /v1/adm/contemplados'] = () => jsonResponse(400, { erro: MSG_SORTEIO.cupomNaoEncontrado });
    const user = userEvent.setup();
    renderWithApp(<WinnerScreen />, { path: '/admin/contemplado' });
    const dialog = await openNew(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Campanha/ }), 'Natal Premiado');
    await user.type(within(dialog).getByRole('textbox', { name: /Cupom/ }), '000-00998');
    await user.type(within(dialog).getByRole('textbox', { name: /Nome do contemplado/ }), 'Zé');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_SORTEIO.cupomNaoEncontrado);
    expect(screen.getByRole('dialog', { name: 'Novo contemplado' })).toBeInTheDocument();
    expect(toasted()).not.toContain('Contemplado salvo');
  });

  it('edits a drawn winner read from an array answer: PATCH with the photos left and the seller', async () => {
    routes['PATCH /v1/adm/contemplados/7'] = () => jsonResponse(200, [sorteado]);
    const user = userEvent.setup();
    renderWithApp(<WinnerScreen />, { path: '/admin/contemplado' });
    await user.click(await screen.findByRole('button', { name: 'Editar João Pereira' }));
    const dialog = await screen.findByRole('dialog', { name: 'João Pereira' });
    const nome = await within(dialog).findByRole('textbox', { name: /Nome do contemplado/ });
    expect(nome).toHaveValue('João Pereira');
    expect(within(dialog).getByRole('combobox', { name: /Campanha/ })).toBeDisabled();
    // The coupon by its public code (stored number 42 is 000-00041), never the number.
    expect(within(dialog).getByRole('textbox', { name: /Cupom/ })).toHaveValue('000-00041');
    expect(within(dialog).getByRole('textbox', { name: /Data do sorteio/ })).toHaveValue('20/12/2026');
    // What the server knows and the form does not edit.
    expect(within(dialog).getByText('João Carlos Pereira')).toBeInTheDocument();
    expect(within(dialog).getByText('NF-123')).toBeInTheDocument();
    expect(within(dialog).getByText('01/12/2026')).toBeInTheDocument();
    expect(within(dialog).getByText('R$ 1.234,50')).toBeInTheDocument();
    expect(within(dialog).getByText('Rua das Flores, 10')).toBeInTheDocument();
    // Both photo lists, without repeats.
    expect(within(dialog).getByRole('group', { name: 'Foto 1' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Foto 2' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Foto 3' })).not.toBeInTheDocument();
    // The coupon's shop gives the sellers.
    const vendedor = within(dialog).getByRole('combobox', { name: /Vendedor/ });
    await within(vendedor).findByRole('option', { name: 'Carlos' });
    expect(vendedor).toHaveValue('3');

    await user.clear(nome);
    await user.type(nome, 'João C. Pereira');
    await user.selectOptions(vendedor, 'Carlos');
    await user.click(
      within(within(dialog).getByRole('group', { name: 'Foto 1' })).getByRole('button', { name: 'Remover' }),
    );
    expect(within(dialog).queryByRole('group', { name: 'Foto 2' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(calls('PATCH', '/v1/adm/contemplados/7')).toHaveLength(1));
    expect(calls('POST', '/v1/adm/contemplados')).toHaveLength(0);
    expect(bodyOf('PATCH', '/v1/adm/contemplados/7')).toEqual({
      id_sorteado: 7,
      id_campanha: 2,
      id_sorteio: 42,
      nome_sorteado: 'João C. Pereira',
      data_sorteio: '2026-12-20',
      id_vendedor: 4,
      nome_vendedor: 'Carlos',
      fotos: ['users/entrega-b.png'],
    });
    await waitFor(() => expect(toasted()).toContain('Contemplado salvo'));
  });

  it("deletes a winner after 'Confirma Exclusao': 'Contemplado excluído' and the list reloads", async () => {
    routes['DELETE /v1/adm/contemplados/7'] = () => jsonResponse(200, { mensagem: 'ok' });
    const user = userEvent.setup();
    renderWithApp(<WinnerScreen />, { path: '/admin/contemplado' });
    await user.click(await screen.findByRole('button', { name: 'Editar João Pereira' }));
    const dialog = await screen.findByRole('dialog', { name: 'João Pereira' });
    await within(dialog).findByRole('textbox', { name: /Nome do contemplado/ });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirma Exclusao' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    await waitFor(() => expect(toasted()).toContain('Contemplado excluído'));
    expect(calls('DELETE', '/v1/adm/contemplados/7')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'João Pereira' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(calls('GET', '/v1/adm/contemplados').length).toBeGreaterThan(1));
    expect(calls('GET', '/v1/adm/contemplados/7')).toHaveLength(1);
  });
});
