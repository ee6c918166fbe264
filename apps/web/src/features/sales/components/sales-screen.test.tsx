import { notifications } from '@mantine/notifications';
import { MSG_NFCE, MSG_VENDA, mascararChave, type CampanhaDaLoja, type VendaDaLista } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { setScreen } from '@/test/screen';
import { jsonResponse, mockApi, type MockApi, type Routes } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { findFieldRefusal } from '@/test/form';
import { CONFIRMADA_RECIBO, SalesScreen } from './sales-screen';
import { testSession } from '@/test/sessions';
import { chaveDeTeste, qrDaChave } from '@/test/nfce';
import { SEM_COMPRADOR_SEM_CHAVE } from './sale-rules';

/** What the (mocked) camera reads in the sale dialog (issue 53). */
let lido = '';
vi.mock('@/components/qr-scanner', () => ({
  default: ({ onResult, aim }: { onResult: (text: string) => void; aim: string }) => (
    <button type="button" onClick={() => onResult(lido)}>
      Câmera: {aim}
    </button>
  ),
}));

const parceiro = testSession({
  id_usuario: 2,
  nome: 'Pedro Parceiro Ferreira',
  email: 'parceiro@praca.demo',
  parceiro: true,
  estabelecimentos: { '1': 'Padaria Bella Vista', '2': 'Empório Bella Vista' },
});

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

let routes: Routes;
let api: MockApi;
let toasts: { mock: { calls: unknown[][] } };
const toasted = () => toasts.mock.calls.map(([n]) => (n as { message: string }).message);
const calls = (method: string, path: string) => api.calls(method, path);

beforeEach(() => {
  routes = {
    'GET /v1/parceiro/campanhas': () => jsonResponse(200, [campanha]),
    'GET /v1/parceiro/vendas': () =>
      jsonResponse(200, [venda(7), venda(8, { pendente: true, id_usuario: -1, nomeusuarios: '' })], {
        'X-Total-Count': '2',
      }),
    'GET /v1/estabelecimentos/vendedores/1': () =>
      jsonResponse(200, [
        { id_estabelecimento: 1, id_vendedor: 99, nome_vendedor: 'Sem Vendedor' },
        { id_estabelecimento: 1, id_vendedor: 3, nome_vendedor: 'João Vendedor' },
      ]),
    'GET /v1/parceiro/usuarios': () =>
      // The server masks the WhatsApp but for its last 4 digits (issue 37).
      jsonResponse(200, [{ id_usuario: 10, nome: 'Maria Consumidora', whatsup: '(**) *****-4567' }]),
    'POST /v1/parceiro/vendas': (_u, init) => {
      const body = JSON.parse(String(init?.body)) as { qrcode: boolean; cpf?: string };
      return jsonResponse(
        201,
        body.qrcode
          ? { id_venda: 99, codigo: 'CODIGO-ASSINADO-123', expira_em: '2026-11-23T15:00:00.000Z' }
          : // Issue 52: a sale by CPF answers the sale and the CPF masked, nothing more.
            body.cpf
            ? { id_venda: 99, cpf: '***.456.789-**' }
            : { id_venda: 99 },
      );
    },
  };
  api = mockApi(routes);
  toasts = vi.spyOn(notifications, 'show').mockReturnValue('toast');
  setSession(parceiro);
});

async function openNewSale(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Nova venda' }));
  return screen.findByRole('dialog', { name: 'Nova venda' });
}

describe('SalesScreen', () => {
  it("shows the partner's name, a shop selector, the campaign choice with 'all campaigns' and the table", async () => {
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    expect(screen.getByRole('heading', { name: 'Vender' })).toBeInTheDocument();
    expect(screen.getByText('Pedro Parceiro Ferreira')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Estabelecimento' })).toHaveValue('Empório Bella Vista');
    const ano = new Date().getFullYear();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Campanha' })).toHaveValue(`Todas as campanhas de ${ano}`),
    );
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('#DestinatarioDataValor');
    expect(rows[1]).toHaveTextContent('NF-7');
    expect(rows[1]).toHaveTextContent('Maria Consumidora');
    expect(rows[1]).toHaveTextContent('20/11/2026');
    expect(rows[1]).toHaveTextContent('R$ 1.234,50');
    expect(rows[2]).toHaveTextContent('Aguardando resgate');
    expect(within(table).getByRole('button', { name: 'Editar venda NF-7' })).toBeInTheDocument();
    const [list] = calls('GET', '/v1/parceiro/vendas');
    const url = new URL(String(list?.[0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id_estabelecimento: '2',
      id_campanha: '0',
      pagina: '1',
      limite: '20',
    });
  });

  it("announces the admin's shops while they load, as a named status (the accessibility scan allows no label on a bare box)", async () => {
    setSession(testSession({ id_usuario: 5, nome: 'Adão Admin', admin: true }));
    routes['GET /v1/adm/estabelecimentos'] = () => new Promise<Response>(() => undefined);
    renderWithApp(<SalesScreen mode="admin" />, { path: '/admin/vender' });
    expect(await screen.findByRole('status', { name: 'Carregando estabelecimentos' })).toBeInTheDocument();
  });

  it('searches on Enter with q and goes back to page 1', async () => {
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    await screen.findByRole('table');
    await user.type(screen.getByRole('textbox', { name: 'Buscar' }), 'NF-7{Enter}');
    await waitFor(() =>
      expect(
        calls('GET', '/v1/parceiro/vendas').some(
          ([u]) => new URL(String(u), 'http://x').searchParams.get('q') === 'NF-7',
        ),
      ).toBe(true),
    );
  });

  it("says 'Estabebelecimento nao participa da campanha' and offers no new sale when the shop has no campaign", async () => {
    routes['GET /v1/parceiro/campanhas'] = () => jsonResponse(200, []);
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    expect(await screen.findByText('Estabebelecimento nao participa da campanha')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nova venda' })).toBeDisabled();
  });

  it("says 'Nao carregou as campanhas' when they fail to load", async () => {
    routes['GET /v1/parceiro/campanhas'] = () => jsonResponse(500, { erro: 'falhou' });
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    expect(await screen.findByText('Nao carregou as campanhas')).toBeInTheDocument();
  });

  it('hides the Destinatario column on a phone', async () => {
    setScreen('phone');
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    const table = await screen.findByRole('table');
    // The rows are cards on a phone, and the card leaves the column out (spec §2).
    expect(table).toHaveAttribute('data-layout', 'cards');
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getAllByRole('cell')[1]).toHaveAttribute('data-phone', 'hide');
  });
});

// The dialogs type a lot; a loaded machine needs more than the default 5 s.
describe('Sale dialog', { timeout: 20_000 }, () => {
  it('opens as a new sale: today, no recipient, Sem Vendedor, the current campaign, no Excluir', async () => {
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    const dialog = await openNewSale(user);
    const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    // dd/mm/aaaa whatever the browser's language (issue 35).
    expect(within(dialog).getByLabelText('Data')).toHaveValue(
      `${hoje.slice(8, 10)}/${hoje.slice(5, 7)}/${hoje.slice(0, 4)}`,
    );
    expect(within(dialog).getByRole('combobox', { name: 'Campanha' })).toHaveValue('Natal Premiado');
    expect(within(dialog).getByRole('combobox', { name: 'Destinatário' })).toHaveValue('');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Vendedor' })).toHaveValue('Sem Vendedor'),
    );
    expect(within(dialog).queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Gerar QR Code' })).toBeInTheDocument();
  });

  it('shows every refusal under its field at once, focuses the first, with no call', async () => {
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    const dialog = await openNewSale(user);
    const save = within(dialog).getByRole('button', { name: 'Salvar' });

    await user.click(save);
    const numero = await findFieldRefusal(dialog, 'Numero da venda invalido');
    expect(numero).toBe(within(dialog).getByLabelText('Número da venda'));
    await waitFor(() => expect(numero).toHaveFocus());
    expect(await findFieldRefusal(dialog, 'Valor da Venda invaldo')).toBe(
      within(dialog).getByLabelText('Valor'),
    );
    expect(await findFieldRefusal(dialog, 'Defina o Destinatario')).toBe(
      within(dialog).getByRole('combobox', { name: 'Destinatário' }),
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    // Typing clears a field's own refusal; the others stay until the next Save.
    await user.type(numero, 'NF-1');
    expect(within(dialog).queryByText('Numero da venda invalido')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Valor'), '250');
    await user.click(save);
    const recipient = await findFieldRefusal(dialog, 'Defina o Destinatario');
    await waitFor(() => expect(recipient).toHaveFocus());
    expect(calls('POST', '/v1/parceiro/vendas')).toHaveLength(0);
  });

  it('finds the recipient by the last 4 digits of the WhatsApp, not by 3', async () => {
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    const dialog = await openNewSale(user);
    const recipient = within(dialog).getByRole('combobox', { name: 'Destinatário' });
    await user.type(recipient, '456');
    expect(await screen.findByText(MSG_VENDA.buscaCurta)).toBeInTheDocument();
    expect(calls('GET', '/v1/parceiro/usuarios')).toHaveLength(0);
    await user.type(recipient, '7');
    const option = await screen.findByRole('option', { name: /Maria Consumidora/ }, { timeout: 4000 });
    expect(option).toHaveTextContent('WhatsApp (**) *****-4567');
    expect(
      new URL(String(calls('GET', '/v1/parceiro/usuarios')[0]?.[0]), 'http://x').searchParams.get('nome'),
    ).toBe('4567');
  });

  it('finds the recipient from 3 letters, shows name and masked WhatsApp, and saves with their id', async () => {
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    const dialog = await openNewSale(user);
    await user.type(within(dialog).getByLabelText('Número da venda'), 'NF-2');
    await user.type(within(dialog).getByLabelText('Valor'), '1234,56');
    const recipient = within(dialog).getByRole('combobox', { name: 'Destinatário' });
    await user.type(recipient, 'Ma');
    expect(await screen.findByText(MSG_VENDA.buscaCurta)).toBeInTheDocument();
    expect(calls('GET', '/v1/parceiro/usuarios')).toHaveLength(0);
    await user.type(recipient, 'r');
    const option = await screen.findByRole('option', { name: /Maria Consumidora/ }, { timeout: 4000 });
    expect(option).toHaveTextContent('WhatsApp (**) *****-4567');
    expect(
      new URL(String(calls('GET', '/v1/parceiro/usuarios')[0]?.[0]), 'http://x').searchParams.get('nome'),
    ).toBe('Mar');
    await user.click(option);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(calls('POST', '/v1/parceiro/vendas')).toHaveLength(1));
    const body = JSON.parse(
      String((calls('POST', '/v1/parceiro/vendas')[0]?.[1] as RequestInit).body),
    ) as Record<string, unknown>;
    expect(body).toMatchObject({
      id_campanha: 1,
      id_estabelecimento: 2,
      id_usuario: 10,
      numero_venda: 'NF-2',
      valor_venda: 1234.56,
      id_vendedor: 99,
      qrcode: false,
    });
    await waitFor(() => expect(toasted()).toContain('Venda registrada'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nova venda' })).not.toBeInTheDocument());
  });

  it("refuses the QR code once a recipient is chosen: 'Voce ja definiou para quem e esta venda'", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    const dialog = await openNewSale(user);
    await user.type(within(dialog).getByLabelText('Número da venda'), 'NF-3');
    await user.type(within(dialog).getByLabelText('Valor'), '10');
    await user.type(within(dialog).getByRole('combobox', { name: 'Destinatário' }), 'Mar');
    await user.click(await screen.findByRole('option', { name: /Maria Consumidora/ }, { timeout: 4000 }));
    await user.click(within(dialog).getByRole('button', { name: 'Gerar QR Code' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Voce ja definiou para quem e esta venda');
    expect(calls('POST', '/v1/parceiro/vendas')).toHaveLength(0);

    // Erasing the name unsets the recipient; then the QR code is allowed.
    await user.clear(within(dialog).getByRole('combobox', { name: 'Destinatário' }));
    await user.click(within(dialog).getByRole('button', { name: 'Gerar QR Code' }));
    await waitFor(() => expect(calls('POST', '/v1/parceiro/vendas')).toHaveLength(1));
    const body = JSON.parse(
      String((calls('POST', '/v1/parceiro/vendas')[0]?.[1] as RequestInit).body),
    ) as Record<string, unknown>;
    expect(body).toMatchObject({ id_usuario: -1, qrcode: true });
  });

  it('creates a pending sale with qrcode:true and shows the QR image with its expiry', async () => {
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    const dialog = await openNewSale(user);
    await user.type(within(dialog).getByLabelText('Número da venda'), 'NF-4');
    await user.type(within(dialog).getByLabelText('Valor'), '99,9');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar QR Code' }));

    const qr = await screen.findByRole('dialog', { name: 'QR Code da venda' });
    const body = JSON.parse(
      String((calls('POST', '/v1/parceiro/vendas')[0]?.[1] as RequestInit).body),
    ) as Record<string, unknown>;
    expect(body).toMatchObject({ id_usuario: -1, qrcode: true, valor_venda: 99.9, numero_venda: 'NF-4' });
    expect(within(qr).getByRole('img', { name: 'QR Code da venda NF-4' })).toBeInTheDocument();
    expect(within(qr).getByTestId('codigo-venda')).toHaveTextContent('CODIGO-ASSINADO-123');
    expect(within(qr).getByText('Válido até 23/11/2026 12:00')).toBeInTheDocument();
    // The list reloads behind it.
    await waitFor(() => expect(calls('GET', '/v1/parceiro/vendas').length).toBeGreaterThan(1));
  });

  it("shows the server's erro in the red alert", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    routes['POST /v1/parceiro/vendas'] = () =>
      jsonResponse(409, { erro: 'Já existe uma venda com este número neste estabelecimento' });
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    const dialog = await openNewSale(user);
    await user.type(within(dialog).getByLabelText('Número da venda'), 'NF-7');
    await user.type(within(dialog).getByLabelText('Valor'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar QR Code' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Já existe uma venda com este número neste estabelecimento',
    );
  });

  // Issue 35: a money field never drops, moves or invents a digit; Save says what is wrong.
  it.each([
    ['50000,01', 'Valor da Venda acima do limite'],
    ['99999999', 'Valor da Venda acima do limite'],
    ['0', 'Valor da Venda invaldo'],
    ['0,00', 'Valor da Venda invaldo'],
    ['10,999', 'Valor da Venda: use no máximo 2 casas decimais, como 12,50'],
    ['-5', 'Valor da Venda invaldo'],
    ['12,5a', 'Valor da Venda invaldo'],
  ])('keeps %s as typed and refuses it on Save with the message', async (typed, message) => {
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    const dialog = await openNewSale(user);
    await user.type(within(dialog).getByLabelText('Número da venda'), 'NF-9');
    const valor = within(dialog).getByLabelText('Valor');
    await user.type(valor, typed);
    expect(valor).toHaveValue(typed);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await findFieldRefusal(dialog, message)).toBe(valor);
    expect(valor).toHaveValue(typed);
    expect(calls('POST', '/v1/parceiro/vendas')).toHaveLength(0);
  });

  it.each([
    ['12.5', 12.5],
    ['12,50', 12.5],
    ['1.234,56', 1234.56],
    ['50.000', 50000],
    ['50000', 50000],
    ['0,01', 0.01],
  ])('reads %s as %s reais and sends it unchanged', async (typed, reais) => {
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    const dialog = await openNewSale(user);
    await user.type(within(dialog).getByLabelText('Número da venda'), 'NF-10');
    const valor = within(dialog).getByLabelText('Valor');
    await user.type(valor, typed);
    expect(valor).toHaveValue(typed);
    await user.click(within(dialog).getByRole('button', { name: 'Gerar QR Code' }));
    await waitFor(() => expect(calls('POST', '/v1/parceiro/vendas')).toHaveLength(1));
    const body = JSON.parse(
      String((calls('POST', '/v1/parceiro/vendas')[0]?.[1] as RequestInit).body),
    ) as Record<string, unknown>;
    expect(body.valor_venda).toBe(reais);
  });

  it('shows the stored value with its cents and the date as dd/mm/aaaa when editing', async () => {
    routes['GET /v1/parceiro/vendas'] = () =>
      jsonResponse(200, [venda(7, { valor_venda: 250 })], { 'X-Total-Count': '1' });
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    await user.click(await screen.findByRole('button', { name: 'Editar venda NF-7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Venda NF-7' });
    expect(within(dialog).getByLabelText('Valor')).toHaveValue('250,00');
    expect(within(dialog).getByRole('textbox', { name: 'Data' })).toHaveValue('20/11/2026');
  });

  it("edits an existing sale with PATCH, and deletes it after 'Confirma Exclusao'", async () => {
    routes['PATCH /v1/parceiro/vendas/7'] = () => jsonResponse(200, {});
    routes['DELETE /v1/parceiro/vendas/7'] = () => jsonResponse(200, {});
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    await user.click(await screen.findByRole('button', { name: 'Editar venda NF-7' }));
    let dialog = await screen.findByRole('dialog', { name: 'Venda NF-7' });
    expect(within(dialog).getByLabelText('Valor')).toHaveValue('1.234,50');
    expect(within(dialog).getByRole('combobox', { name: 'Destinatário' })).toHaveValue('Maria Consumidora');
    expect(within(dialog).queryByRole('button', { name: 'Gerar QR Code' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('PATCH', '/v1/parceiro/vendas/7')).toHaveLength(1));
    await waitFor(() => expect(toasted()).toContain('Venda atualizada'));

    await user.click(await screen.findByRole('button', { name: 'Editar venda NF-7' }));
    dialog = await screen.findByRole('dialog', { name: 'Venda NF-7' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirma Exclusao' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    await waitFor(() => expect(calls('DELETE', '/v1/parceiro/vendas/7')).toHaveLength(1));
    await waitFor(() => expect(toasted()).toContain('Venda excluída'));
  });
});

describe('SalesScreen: a sale whose coupons are in an apuração’s ticket file (issue 49)', () => {
  beforeEach(() => {
    routes['GET /v1/parceiro/vendas'] = () =>
      jsonResponse(200, [venda(7, { congelada: true }), venda(8)], { 'X-Total-Count': '2' });
    routes['PATCH /v1/parceiro/vendas/7'] = () => jsonResponse(200, {});
    routes['DELETE /v1/parceiro/vendas/7'] = () => jsonResponse(200, {});
  });

  it('Editar shows the notice before any field: no form, no Salvar nor Excluir, no call', async () => {
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    await user.click(await screen.findByRole('button', { name: 'Editar venda NF-7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Venda NF-7' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Os cupons desta venda estão no arquivo de bilhetes de uma apuração: ela não pode ser editada nem excluída.',
    );
    expect(within(dialog).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(dialog).queryAllByRole('combobox')).toHaveLength(0);
    expect(within(dialog).queryByLabelText('Valor')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Entendi' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Venda NF-7' })).not.toBeInTheDocument());
    expect(calls('PATCH', '/v1/parceiro/vendas/7')).toHaveLength(0);
    expect(calls('DELETE', '/v1/parceiro/vendas/7')).toHaveLength(0);
  });

  it('the notice on a phone too, and another sale of the list still opens its form', async () => {
    setScreen('phone');
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    await user.click(await screen.findByRole('button', { name: 'Editar venda NF-7' }));
    const frozen = await screen.findByRole('dialog', { name: 'Venda NF-7' });
    expect(frozen).toHaveTextContent('ela não pode ser editada nem excluída.');
    expect(within(frozen).queryAllByRole('textbox')).toHaveLength(0);
    // The dialog's own close button (×) closes it as well.
    await user.click(within(frozen).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Venda NF-7' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Editar venda NF-8' }));
    const open = await screen.findByRole('dialog', { name: 'Venda NF-8' });
    expect(within(open).getByLabelText('Valor')).toHaveValue('1.234,50');
    expect(open).not.toHaveTextContent('ela não pode ser editada nem excluída');
  });
});

describe('SalesScreen: a sale by CPF (issues 40 and 52)', () => {
  it('offers a full CPF nobody has registered, sends it in place of id_usuario, tells the masked CPF, and lists the sale as waiting for it', async () => {
    routes['GET /v1/parceiro/usuarios'] = () => jsonResponse(200, []);
    routes['GET /v1/parceiro/vendas'] = () =>
      jsonResponse(
        200,
        [
          venda(9, {
            pendente: true,
            id_usuario: -1,
            nomeusuarios: '',
            pendente_cpf: true,
            cpf: '***.456.789-**',
          }),
        ],
        { 'X-Total-Count': '1' },
      );
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'Aguardando cadastro do CPF ***.456.789-**',
    );

    const dialog = await openNewSale(user);
    await user.type(within(dialog).getByLabelText('Número da venda'), 'NF-CPF');
    await user.type(within(dialog).getByLabelText('Valor'), '50');
    await user.type(within(dialog).getByRole('combobox', { name: 'Destinatário' }), '123.456.789-09');
    await user.click(
      await screen.findByRole(
        'option',
        { name: /CPF \*\*\*\.456\.789-\*\*, ainda sem cadastro/ },
        { timeout: 4000 },
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('POST', '/v1/parceiro/vendas')).toHaveLength(1));
    expect(api.bodyOf('POST', '/v1/parceiro/vendas')).toMatchObject({
      id_usuario: -1,
      cpf: '12345678909',
      qrcode: false,
      numero_venda: 'NF-CPF',
    });
    await waitFor(() => expect(toasted()).toContain('Venda registrada para o CPF ***.456.789-**'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nova venda' })).not.toBeInTheDocument());
  });
});

describe('SalesScreen: a waiting sale’s reason (issue 52)', () => {
  // The API gives the reason to the admins of the shop's city only; the screen (the same for
  // partners and admins) shows it whenever it is there.
  it('shows why a sale waiting for a CPF was not credited, under its number and its recipient', async () => {
    routes['GET /v1/parceiro/vendas'] = () =>
      jsonResponse(
        200,
        [
          venda(11, {
            pendente: true,
            id_usuario: -1,
            nomeusuarios: '',
            pendente_cpf: true,
            cpf: '***.456.789-**',
            cpf_motivo: MSG_VENDA.campanhaEncerrada,
          }),
          venda(12, {
            pendente: true,
            id_usuario: -1,
            nomeusuarios: '',
            pendente_cpf: true,
            cpf: '***.111.222-**',
          }),
        ],
        { 'X-Total-Count': '2' },
      );
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    const table = await screen.findByRole('table');
    const [, waiting, plain] = within(table).getAllByRole('row');
    expect(waiting).toHaveTextContent('Aguardando cadastro do CPF ***.456.789-**');
    // Under the number (phone) and under the recipient (wider screens).
    expect(
      within(waiting!)
        .getAllByTestId('motivo-espera')
        .map((e) => e.textContent),
    ).toEqual([
      `Não creditada: ${MSG_VENDA.campanhaEncerrada}`,
      `Não creditada: ${MSG_VENDA.campanhaEncerrada}`,
    ]);
    expect(within(plain!).queryByTestId('motivo-espera')).toBeNull();
    expect(plain).not.toHaveTextContent('Não creditada');
  });
});

describe("SalesScreen: the receipt's NFC-e key (issue 53)", { timeout: 20_000 }, () => {
  const chave = chaveDeTeste();
  const exige: CampanhaDaLoja = { ...campanha, exige_nfce: true };

  async function fillSale(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    await user.type(within(dialog).getByLabelText('Número da venda'), 'NF-53');
    await user.type(within(dialog).getByLabelText('Valor'), '45,90');
  }

  it('requires the key in a campaign with exige_nfce, and sends the one scanned from the QR', async () => {
    routes['GET /v1/parceiro/campanhas'] = () => jsonResponse(200, [exige]);
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    const dialog = await openNewSale(user);
    const campo = within(dialog).getByRole('textbox', { name: 'Chave da NFC-e' });
    expect(campo).toHaveAccessibleDescription(/Obrigatória nesta campanha/);
    await fillSale(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await findFieldRefusal(dialog, MSG_VENDA.chaveNfceObrigatoria)).toBe(campo);
    expect(calls('POST', '/v1/parceiro/vendas')).toHaveLength(0);

    lido = qrDaChave(chave);
    await user.click(within(dialog).getByRole('button', { name: 'Ler QR code da nota' }));
    await user.click(
      await within(dialog).findByRole('button', { name: /Aponte a câmera para o QR code da nota fiscal/ }),
    );
    expect(campo).toHaveValue(chave.replace(/(.{4})(?=.)/g, '$1 '));
    // A recipient, then Salvar: the key goes as its 44 positions.
    await user.type(within(dialog).getByRole('combobox', { name: 'Destinatário' }), 'Mar');
    await user.click(await screen.findByRole('option', { name: /Maria Consumidora/ }, { timeout: 4000 }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('POST', '/v1/parceiro/vendas')).toHaveLength(1));
    expect(api.bodyOf('POST', '/v1/parceiro/vendas')).toMatchObject({ id_usuario: 10, chave_nfce: chave });
  });

  it('a sale that names no buyer: no recipient nor QR code, only with a key, and told it can only be donated', async () => {
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    const dialog = await openNewSale(user);
    const campo = within(dialog).getByRole('textbox', { name: 'Chave da NFC-e' });
    expect(campo).not.toHaveAccessibleDescription(/Obrigatória/);
    await fillSale(user, dialog);
    const semComprador = within(dialog).getByRole('checkbox', { name: 'Venda sem comprador identificado' });
    expect(semComprador).toHaveAccessibleDescription(/só poderá doá-la a uma entidade social/);
    await user.click(semComprador);
    expect(within(dialog).queryByRole('combobox', { name: 'Destinatário' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Gerar QR Code' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await findFieldRefusal(dialog, SEM_COMPRADOR_SEM_CHAVE)).toBe(campo);
    await user.type(campo, chave);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('POST', '/v1/parceiro/vendas')).toHaveLength(1));
    const body = api.bodyOf('POST', '/v1/parceiro/vendas');
    expect(body).toMatchObject({ id_usuario: -1, qrcode: false, chave_nfce: chave });
    expect(body).not.toHaveProperty('cpf');
    await waitFor(() =>
      expect(toasted()).toContain('Venda registrada sem comprador: a nota fiscal só poderá ser doada'),
    );
  });

  it("refuses a mistyped key on the device and shows the server's refusal of a key already reported", async () => {
    routes['POST /v1/parceiro/vendas'] = () => jsonResponse(409, { erro: MSG_VENDA.chaveJaInformada });
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    const dialog = await openNewSale(user);
    await fillSale(user, dialog);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Venda sem comprador identificado' }));
    const campo = within(dialog).getByRole('textbox', { name: 'Chave da NFC-e' });
    await user.type(campo, chave.slice(0, 40));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await findFieldRefusal(dialog, MSG_NFCE.chaveFormato);
    expect(calls('POST', '/v1/parceiro/vendas')).toHaveLength(0);
    await user.type(campo, chave.slice(40));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_VENDA.chaveJaInformada);
  });

  it('lists the reported key masked and which sales a receipt confirmed; a confirmed sale cannot be edited', async () => {
    routes['GET /v1/parceiro/vendas'] = () =>
      jsonResponse(
        200,
        [
          venda(7, { chave_nfce: chave, confirmada_recibo: true }),
          venda(8, { chave_nfce: chaveDeTeste({ numero: 2 }) }),
        ],
        { 'X-Total-Count': '2' },
      );
    const user = userEvent.setup();
    renderWithApp(<SalesScreen mode="parceiro" />, { path: '/parceiro/vender' });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(CONFIRMADA_RECIBO);
    expect(rows[0]).toHaveTextContent(mascararChave(chave));
    expect(rows[0]).not.toHaveTextContent(chave);
    expect(rows[1]).not.toHaveTextContent(CONFIRMADA_RECIBO);

    await user.click(screen.getByRole('button', { name: 'Editar venda NF-7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Venda NF-7' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(MSG_VENDA.vendaConfirmadaPeloRecibo);
    expect(within(dialog).queryAllByRole('textbox')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Entendi' }));

    // A sale not yet confirmed opens its form, with its key shown and not editable.
    await user.click(screen.getByRole('button', { name: 'Editar venda NF-8' }));
    const edit = await screen.findByRole('dialog', { name: 'Venda NF-8' });
    expect(within(edit).getByTestId('venda-chave-nfce')).toHaveTextContent(
      chaveDeTeste({ numero: 2 }).replace(/(.{4})(?=.)/g, '$1 '),
    );
    expect(within(edit).queryByRole('textbox', { name: 'Chave da NFC-e' })).not.toBeInTheDocument();
    expect(
      within(edit).queryByRole('checkbox', { name: 'Venda sem comprador identificado' }),
    ).not.toBeInTheDocument();
  });
});
