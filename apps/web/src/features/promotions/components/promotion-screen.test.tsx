import { notifications } from '@mantine/notifications';
import { MSG_CONTEUDO, type EstabelecimentoAdminItem, type PromocaoAdmin } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { todayIso } from '@/lib/today';
import { jsonResponse, mockApi, type MockApi, type Routes } from '@/test/mock-api';
import { shownDate, typeDate } from '@/test/dates';
import { renderWithApp } from '@/test/render';
import { findFieldRefusal } from '@/test/form';
import { PAID_NOTE } from './promotion-dialog';
import { PLAN_OPTIONS, promotionValues } from './promotion-form';
import { PromotionScreen } from './promotion-screen';
import { testSession } from '@/test/sessions';

const admin = testSession({ nome: 'Ana Admin', email: 'admin@praca.demo', admin: true });

const promocao = (id: number, extra: Partial<PromocaoAdmin> = {}): PromocaoAdmin => ({
  id_promocao: id,
  id_estabelecimento: 1,
  dat_inicio: '2026-03-01',
  dat_final: '2026-03-07',
  imagem: 'imgprom/pao.png',
  linkproduto: '',
  val_desconto: 2.5,
  porc_desconto: 0,
  val_minimo: 10,
  cod_produto: 'PAO-1',
  regra: 'Uma por cliente',
  ies_pago: 'N',
  plano_dias: 7,
  nomeestabelecimento: 'Padaria Bella Vista',
  ...extra,
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
  ies_campanha: 'N',
  id_campanha_def: null,
  cnpj: '',
  latitude: null,
  longitude: null,
  contestacoes_aceitas: 0,
  cnpjs: [],
});

let routes: Routes;
let api: MockApi;
let toasts: { mock: { calls: unknown[][] } };
const toasted = () => toasts.mock.calls.map(([n]) => (n as { message: string }).message);
const calls = (method: string, path: string) => api.calls(method, path);
const bodyOf = (method: string, path: string) => api.bodyOf(method, path);

beforeEach(() => {
  routes = {
    'GET /v1/adm/promocoes': () =>
      jsonResponse(
        200,
        [
          promocao(5),
          promocao(4, {
            id_estabelecimento: 2,
            nomeestabelecimento: 'Açougue Central',
            dat_inicio: '2026-01-30',
            dat_final: '2026-02-28',
            plano_dias: 30,
          }),
        ],
        { 'X-Total-Count': '22' },
      ),
    'GET /v1/adm/promocoes/5': () => jsonResponse(200, promocao(5)),
    'GET /v1/adm/estabelecimentos': () =>
      jsonResponse(200, [loja(1, 'Padaria Bella Vista'), loja(2, 'Açougue Central')]),
    'POST /v1/adm/promocoes': () => jsonResponse(201, promocao(9)),
    'PATCH /v1/adm/promocoes/5': () => jsonResponse(200, promocao(5)),
  };
  api = mockApi(routes);
  toasts = vi.spyOn(notifications, 'show').mockReturnValue('toast');
  setSession(admin);
});

async function openNew(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Nova' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nova promoção' });
  await within(dialog).findByRole('option', { name: 'Padaria Bella Vista' });
  return dialog;
}

describe('promotion form', () => {
  it('offers every plan with days and price', () => {
    expect(PLAN_OPTIONS.map((o) => o.label)).toEqual([
      '7 dias — R$\u00a015,00',
      '15 dias — R$\u00a020,00',
      '30 dias — R$\u00a025,00',
      '90 dias — R$\u00a050,00',
      '180 dias — R$\u00a080,00',
      '365 dias — R$\u00a0100,00',
      '730 dias — R$\u00a0170,00',
    ]);
  });

  it('infers the plan from the dates, not from the stored plano_dias', () => {
    expect(promotionValues(promocao(1, { dat_final: '2026-03-15', plano_dias: 7 })).plano_dias).toBe(15);
    expect(promotionValues(promocao(1, { dat_final: '2026-03-03', plano_dias: 99 })).plano_dias).toBeNull();
  });
});

describe('PromotionScreen', { timeout: 30_000 }, () => {
  it('lists promotions with the shop name and dd/mm/yyyy dates, 20 a page', async () => {
    const user = userEvent.setup();
    renderWithApp(<PromotionScreen />, { path: '/admin/promocoes' });
    expect(screen.getByRole('heading', { name: 'Promoções por Estabelecimento' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('IdEstabelecimentoInícioFim');
    expect(rows[1]).toHaveTextContent('5Padaria Bella Vista01/03/202607/03/2026');
    expect(rows[2]).toHaveTextContent('4Açougue Central30/01/202628/02/2026');
    expect(within(rows[1]!).getByRole('button', { name: 'Editar promoção 5' })).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Páginas de promoções' });
    await user.click(within(pager).getByRole('button', { name: 'Página 2' }));
    await waitFor(() =>
      expect(
        calls('GET', '/v1/adm/promocoes').some(
          ([u]) => new URL(String(u), 'http://x').searchParams.get('pagina') === '2',
        ),
      ).toBe(true),
    );
  });

  it('plan 30 from 2026-01-30 ends on 28/02/2026; a plain admin cannot mark paid and sends no ies_pago', async () => {
    const user = userEvent.setup();
    renderWithApp(<PromotionScreen />, { path: '/admin/promocoes' });
    const dialog = await openNew(user);
    expect(within(dialog).getByRole('textbox', { name: /Início/ })).toHaveValue(shownDate(todayIso()));
    const pago = within(dialog).getByRole('checkbox', { name: 'Pago' });
    expect(pago).toBeDisabled();
    expect(within(dialog).getByText(PAID_NOTE)).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Estabelecimento/ }), '2');
    await typeDate(user, within(dialog).getByRole('textbox', { name: /Início/ }), '2026-01-30');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Plano de exposição/ }), '30');
    expect(within(dialog).getByRole('textbox', { name: /Fim/ })).toHaveValue('28/02/2026');
    await user.type(within(dialog).getByRole('textbox', { name: 'Regra' }), 'Só às terças');
    expect(within(dialog).getByText('12/200 caracteres')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('POST', '/v1/adm/promocoes')).toHaveLength(1));
    const body = bodyOf('POST', '/v1/adm/promocoes');
    expect(body).toEqual({
      id_estabelecimento: 2,
      dat_inicio: '2026-01-30',
      plano_dias: 30,
      imagem: '',
      linkproduto: '',
      val_desconto: 0,
      porc_desconto: 0,
      val_minimo: 0,
      cod_produto: '',
      regra: 'Só às terças',
    });
    expect(body).not.toHaveProperty('ies_pago');
    await waitFor(() => expect(toasted()).toContain('Promoção salva'));
  });

  it('lets the super-admin mark it paid', async () => {
    setSession({ ...admin, superadmin: true });
    const user = userEvent.setup();
    renderWithApp(<PromotionScreen />, { path: '/admin/promocoes' });
    const dialog = await openNew(user);
    const pago = within(dialog).getByRole('checkbox', { name: 'Pago' });
    expect(pago).toBeEnabled();
    expect(within(dialog).queryByText(PAID_NOTE)).not.toBeInTheDocument();
    await user.click(pago);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Estabelecimento/ }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('POST', '/v1/adm/promocoes')).toHaveLength(1));
    expect(bodyOf('POST', '/v1/adm/promocoes')).toMatchObject({ ies_pago: 'S', plano_dias: 7 });
  });

  it('editing a 7-day promotion preselects 7 days; the server error shows in the red alert', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    routes['PATCH /v1/adm/promocoes/5'] = () =>
      jsonResponse(403, { erro: 'Somente o super-administrador pode marcar a promoção como paga' });
    const user = userEvent.setup();
    renderWithApp(<PromotionScreen />, { path: '/admin/promocoes' });
    await user.click(await screen.findByRole('button', { name: 'Editar promoção 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promoção 5' });
    const plano = await within(dialog).findByRole('combobox', { name: /Plano de exposição/ });
    expect(plano).toHaveValue('7');
    expect(within(dialog).getByRole('option', { name: '7 dias — R$\u00a015,00' })).toHaveProperty(
      'selected',
      true,
    );
    expect(within(dialog).getByRole('textbox', { name: /Fim/ })).toHaveValue('07/03/2026');
    expect(within(dialog).getByRole('combobox', { name: /Estabelecimento/ })).toHaveValue('1');
    expect(within(dialog).getByRole('textbox', { name: 'Código do produto' })).toHaveValue('PAO-1');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Somente o super-administrador pode marcar a promoção como paga',
    );
    expect(bodyOf('PATCH', '/v1/adm/promocoes/5')).toMatchObject({
      id_estabelecimento: 1,
      dat_inicio: '2026-03-01',
      plano_dias: 7,
      val_desconto: 2.5,
      val_minimo: 10,
    });
    expect(bodyOf('PATCH', '/v1/adm/promocoes/5')).not.toHaveProperty('ies_pago');
  });

  // Issue 35: discount and money fields never drop, move or invent a digit.
  it.each([
    ['Valor do desconto', '2,12345', 'Valor do desconto: use no máximo 4 casas decimais, como 0,0125'],
    ['Valor do desconto', '-2', 'Valor do desconto: não pode ser negativo; apague o sinal de menos'],
    ['Percentual de desconto', '150', MSG_CONTEUDO.percentualInvalido],
    [
      'Percentual de desconto',
      '-10',
      'Percentual de desconto: não pode ser negativo; apague o sinal de menos',
    ],
    ['Valor mínimo', '10,999', 'Valor mínimo: use no máximo 2 casas decimais, como 1.234,56'],
    [
      'Valor mínimo',
      '1.234,5x',
      'Valor mínimo: número inválido; use vírgula antes das casas decimais, como 1.234,56',
    ],
  ])('keeps %s %s as typed and refuses it on Save with a message', async (label, typed, message) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<PromotionScreen />, { path: '/admin/promocoes' });
    const dialog = await openNew(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Estabelecimento/ }), '2');
    const field = within(dialog).getByRole('textbox', { name: label });
    await user.clear(field);
    await user.type(field, typed);
    expect(field).toHaveValue(typed);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await findFieldRefusal(dialog, message)).toBe(field);
    expect(field).toHaveFocus();
    expect(field).toHaveValue(typed);
    expect(calls('POST', '/v1/adm/promocoes')).toHaveLength(0);
  });

  it('reads the discounts and the minimum the Brazilian way and shows stored ones with decimals', async () => {
    const user = userEvent.setup();
    renderWithApp(<PromotionScreen />, { path: '/admin/promocoes' });
    const dialog = await openNew(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Estabelecimento/ }), '2');
    const typeIn = async (label: string, text: string) => {
      const field = within(dialog).getByRole('textbox', { name: label });
      await user.clear(field);
      await user.type(field, text);
    };
    await typeIn('Valor do desconto', '1.234,5678');
    await typeIn('Percentual de desconto', '12.5');
    await typeIn('Valor mínimo', '50.000');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('POST', '/v1/adm/promocoes')).toHaveLength(1));
    expect(bodyOf('POST', '/v1/adm/promocoes')).toMatchObject({
      val_desconto: 1234.5678,
      porc_desconto: 12.5,
      val_minimo: 50000,
    });
  });

  it("shows a stored promotion's money with its cents", async () => {
    const user = userEvent.setup();
    renderWithApp(<PromotionScreen />, { path: '/admin/promocoes' });
    await user.click(await screen.findByRole('button', { name: 'Editar promoção 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promoção 5' });
    expect(await within(dialog).findByRole('textbox', { name: 'Valor mínimo' })).toHaveValue('10,00');
    expect(within(dialog).getByRole('textbox', { name: 'Valor do desconto' })).toHaveValue('2,50');
  });

  it('refuses a missing shop before any call', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<PromotionScreen />, { path: '/admin/promocoes' });
    const dialog = await openNew(user);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await findFieldRefusal(dialog, 'Escolha o estabelecimento da promoção')).toHaveFocus();
    expect(calls('POST', '/v1/adm/promocoes')).toHaveLength(0);
  });
});
