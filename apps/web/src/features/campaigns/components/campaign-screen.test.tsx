import { notifications } from '@mantine/notifications';
import {
  MSG_ADMIN,
  type CampanhaAdmin,
  type CampanhaAdminDetalhe,
  type CampanhaLojaMarcada,
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
import { CampaignScreen } from './campaign-screen';
import { testSession } from '@/test/sessions';

const admin = testSession({ nome: 'Ana Admin', email: 'admin@praca.demo', admin: true });

const campanha = (id: number, den: string, extra: Partial<CampanhaAdmin> = {}): CampanhaAdmin => ({
  id_campanha: id,
  den_campanha: den,
  banner: 'imgban/natal.png',
  validade_ini: '2026-11-01',
  validade_fim: '2026-12-31',
  link: '',
  cod_cidade: 3548500,
  limite_vendas_dia_loja: null,
  limite_cupons_mes: null,
  limite_valor_dia: null,
  pct_entidade: 0,
  exige_nfce: false,
  ...extra,
});

const loja = (id: number, nome: string, extra: Partial<CampanhaLojaMarcada> = {}): CampanhaLojaMarcada => ({
  id_estabelecimento: id,
  nome,
  id_campanha: 0,
  fator_cashback: 0,
  fator_sorteio: 0,
  ...extra,
});

const lojasNovas = [
  loja(3, 'Padaria Bella Vista'),
  loja(1, 'Açougue Central'),
  loja(2, 'Empório Bella Vista'),
];

const natal: CampanhaAdminDetalhe = {
  ...campanha(2, 'Natal Premiado', { link: 'https://praca.demo/natal', limite_cupons_mes: 10 }),
  estabelecimentos: [
    loja(1, 'Açougue Central', { id_campanha: 2, fator_sorteio: 0.02, fator_cashback: 0.05 }),
    loja(2, 'Empório Bella Vista', { id_campanha: 2, fator_sorteio: 0.01, fator_cashback: 0 }),
    loja(3, 'Padaria Bella Vista'),
  ],
};

let routes: Routes;
let api: MockApi;
let toasts: { mock: { calls: unknown[][] } };
const toasted = () => toasts.mock.calls.map(([n]) => (n as { message: string }).message);
const calls = (method: string, path: string) => api.calls(method, path);
const bodyOf = (method: string, path: string) => api.bodyOf(method, path);

beforeEach(() => {
  routes = {
    'GET /v1/adm/campanhas': () =>
      jsonResponse(
        200,
        [
          campanha(2, 'Natal Premiado'),
          campanha(1, 'Páscoa Feliz', { validade_ini: '2026-03-01', validade_fim: '2026-04-05' }),
        ],
        { 'X-Total-Count': '45' },
      ),
    'GET /v1/adm/campanhas/estabelecimentos/0': () => jsonResponse(200, lojasNovas),
    'GET /v1/adm/campanhas/2': () => jsonResponse(200, natal),
    'POST /v1/adm/campanhas': () => jsonResponse(201, { ...natal, id_campanha: 9 }),
  };
  api = mockApi(routes);
  toasts = vi.spyOn(notifications, 'show').mockReturnValue('toast');
  setSession(admin);
});

async function openNew(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Nova' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nova campanha' });
  await within(dialog).findByRole('textbox', { name: /Descrição/ });
  return dialog;
}

describe('CampaignScreen', () => {
  it("lists the admin city's campaigns with dd/mm/yyyy dates, Editar per row and the pager", async () => {
    const user = userEvent.setup();
    renderWithApp(<CampaignScreen />, { path: '/admin/campanha' });
    expect(screen.getByRole('heading', { name: 'Campanhas' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('IdDescriçãoInícioFim');
    expect(rows[1]).toHaveTextContent('2Natal Premiado01/11/202631/12/2026');
    expect(rows[2]).toHaveTextContent('1Páscoa Feliz01/03/202605/04/2026');
    expect(within(rows[1]!).getByRole('button', { name: 'Editar Natal Premiado' })).toBeInTheDocument();
    expect(screen.getByText('45 campanhas')).toBeInTheDocument();

    const [first] = calls('GET', '/v1/adm/campanhas');
    expect(Object.fromEntries(new URL(String(first?.[0]), 'http://x').searchParams)).toEqual({
      cod_cidade: '3548500',
      pagina: '1',
      limite: '20',
    });

    const pager = screen.getByRole('navigation', { name: 'Páginas de campanhas' });
    expect(within(pager).getAllByRole('button')).toHaveLength(3);
    await user.click(within(pager).getByRole('button', { name: 'Página 3' }));
    await waitFor(() =>
      expect(
        calls('GET', '/v1/adm/campanhas').some(
          ([u]) => new URL(String(u), 'http://x').searchParams.get('pagina') === '3',
        ),
      ).toBe(true),
    );
  });

  it("says 'Nenhuma campanha cadastrada' when the city has none", async () => {
    routes['GET /v1/adm/campanhas'] = () => jsonResponse(200, []);
    renderWithApp(<CampaignScreen />, { path: '/admin/campanha' });
    expect(await screen.findByText('Nenhuma campanha cadastrada')).toBeInTheDocument();
  });

  it('shows the error with a retry that loads again', async () => {
    routes['GET /v1/adm/campanhas'] = () => jsonResponse(500, { erro: 'Banco fora do ar' });
    const user = userEvent.setup();
    renderWithApp(<CampaignScreen />, { path: '/admin/campanha' });
    expect(await screen.findByText('Banco fora do ar')).toBeInTheDocument();
    routes['GET /v1/adm/campanhas'] = () => jsonResponse(200, [campanha(2, 'Natal Premiado')]);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: 'Editar Natal Premiado' })).toBeInTheDocument();
  });

  it('asks the super-admin to pick a city first, without any call', () => {
    setSession({ ...admin, superadmin: true, cod_cidade: 0 });
    setAdminCity('000000');
    renderWithApp(<CampaignScreen />, { path: '/admin/campanha' });
    expect(screen.getByText('Escolha a cidade no topo da página para ver as campanhas.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nova' })).not.toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});

// The dialogs type a lot; a loaded machine needs more than the default 5 s.
describe('Campaign dialog', { timeout: 30_000 }, () => {
  it('creates a campaign: every shop with its marker, the two ticked ones with their factors as numbers', async () => {
    const user = userEvent.setup();
    renderWithApp(<CampaignScreen />, { path: '/admin/campanha' });
    const dialog = await openNew(user);
    const hoje = todayIso();
    expect(within(dialog).getByRole('textbox', { name: /Início/ })).toHaveValue(shownDate(hoje));
    expect(within(dialog).getByRole('textbox', { name: /Fim/ })).toHaveValue(`31/12/${hoje.slice(0, 4)}`);
    expect(within(dialog).queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/Fator sorteio 0,01 = 1 cupom a cada R\$ 100,00/)).toBeInTheDocument();
    expect(
      new URL(
        String(calls('GET', '/v1/adm/campanhas/estabelecimentos/0')[0]?.[0]),
        'http://x',
      ).searchParams.get('cod_cidade'),
    ).toBe('3548500');

    await user.type(within(dialog).getByRole('textbox', { name: /Descrição/ }), 'Verão Premiado');
    await typeDate(user, within(dialog).getByRole('textbox', { name: /Início/ }), '2026-01-10');
    await typeDate(user, within(dialog).getByRole('textbox', { name: /Fim/ }), '2026-03-31');

    const sorteioPadaria = within(dialog).getByRole('textbox', {
      name: 'Fator sorteio de Padaria Bella Vista',
    });
    expect(sorteioPadaria).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Participa: Padaria Bella Vista' }));
    expect(sorteioPadaria).toBeEnabled();
    expect(sorteioPadaria).toHaveValue('0,01');
    await user.clear(sorteioPadaria);
    await user.type(sorteioPadaria, '0,02');
    const cashbackPadaria = within(dialog).getByRole('textbox', {
      name: 'Fator cashback de Padaria Bella Vista',
    });
    await user.clear(cashbackPadaria);
    await user.type(cashbackPadaria, '0,05');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Participa: Açougue Central' }));
    expect(within(dialog).getByText('2 participantes de 3 estabelecimentos')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('POST', '/v1/adm/campanhas')).toHaveLength(1));
    expect(bodyOf('POST', '/v1/adm/campanhas')).toEqual({
      id_campanha: 0,
      den_campanha: 'Verão Premiado',
      validade_ini: '2026-01-10',
      validade_fim: '2026-03-31',
      banner: '',
      link: '',
      cod_cidade: 3548500,
      limite_vendas_dia_loja: null,
      limite_cupons_mes: null,
      limite_valor_dia: null,
      pct_entidade: 0,
      exige_nfce: false,
      estabelecimentos: [
        { id_estabelecimento: 1, id_campanha: 1, fator_cashback: 0, fator_sorteio: 0.01 },
        { id_estabelecimento: 2, id_campanha: 0, fator_cashback: 0, fator_sorteio: 0 },
        { id_estabelecimento: 3, id_campanha: 1, fator_cashback: 0.05, fator_sorteio: 0.02 },
      ],
    });
    await waitFor(() => expect(toasted()).toContain('Campanha salva'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Nova campanha' })).not.toBeInTheDocument(),
    );
    // The list reloads.
    await waitFor(() => expect(calls('GET', '/v1/adm/campanhas').length).toBeGreaterThan(1));
  });

  it('refuses a start after the end with MSG_ADMIN.datasInvertidas and sends nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<CampaignScreen />, { path: '/admin/campanha' });
    const dialog = await openNew(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Descrição/ }), 'Invertida');
    await typeDate(user, within(dialog).getByRole('textbox', { name: /Início/ }), '2026-12-31');
    await typeDate(user, within(dialog).getByRole('textbox', { name: /Fim/ }), '2026-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_ADMIN.datasInvertidas);
    expect(within(dialog).getByRole('textbox', { name: /Fim/ })).toHaveAttribute('aria-invalid', 'true');
    expect(calls('POST', '/v1/adm/campanhas')).toHaveLength(0);
  });

  it('refuses a blank description with the contract message', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<CampaignScreen />, { path: '/admin/campanha' });
    const dialog = await openNew(user);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await findFieldRefusal(dialog, MSG_ADMIN.descricaoObrigatoria)).toHaveFocus();
    expect(calls('POST', '/v1/adm/campanhas')).toHaveLength(0);
  });

  it('refuses a factor above 1.000 with MSG_ADMIN.fatorInvalido, naming the shop', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<CampaignScreen />, { path: '/admin/campanha' });
    const dialog = await openNew(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Descrição/ }), 'Fator demais');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Participa: Empório Bella Vista' }));
    const sorteio = within(dialog).getByRole('textbox', { name: 'Fator sorteio de Empório Bella Vista' });
    await user.clear(sorteio);
    await user.type(sorteio, '1000,0001');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(MSG_ADMIN.fatorInvalido);
    expect(alert).toHaveTextContent('Empório Bella Vista');
    expect(sorteio).toHaveAttribute('aria-invalid', 'true');
    expect(calls('POST', '/v1/adm/campanhas')).toHaveLength(0);
  });

  // Issue 35: factor inputs accepted 6 decimals, and dropped a minus sign without a word.
  it.each([
    ['0,00001', 'Fator sorteio de Empório Bella Vista: use no máximo 4 casas decimais, como 0,0125'],
    ['0,010000', 'Fator sorteio de Empório Bella Vista: use no máximo 4 casas decimais, como 0,0125'],
    ['0,123456', 'Fator sorteio de Empório Bella Vista: use no máximo 4 casas decimais, como 0,0125'],
    ['-0,02', 'Fator sorteio de Empório Bella Vista: não pode ser negativo; apague o sinal de menos'],
    [
      '0,0a',
      'Fator sorteio de Empório Bella Vista: número inválido; use vírgula antes das casas decimais, como 0,0125',
    ],
  ])('keeps the factor %s as typed and refuses it on Save with a message', async (typed, message) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<CampaignScreen />, { path: '/admin/campanha' });
    const dialog = await openNew(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Descrição/ }), 'Fator conferido');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Participa: Empório Bella Vista' }));
    const sorteio = within(dialog).getByRole('textbox', { name: 'Fator sorteio de Empório Bella Vista' });
    await user.clear(sorteio);
    await user.type(sorteio, typed);
    expect(sorteio).toHaveValue(typed);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(sorteio).toHaveValue(typed);
    expect(sorteio).toHaveAttribute('aria-invalid', 'true');
    expect(calls('POST', '/v1/adm/campanhas')).toHaveLength(0);
  });

  it('reads 4 decimals and a keypad dot, and sends the factors as numbers', async () => {
    const user = userEvent.setup();
    renderWithApp(<CampaignScreen />, { path: '/admin/campanha' });
    const dialog = await openNew(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Descrição/ }), 'Quatro casas');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Participa: Empório Bella Vista' }));
    const sorteio = within(dialog).getByRole('textbox', { name: 'Fator sorteio de Empório Bella Vista' });
    await user.clear(sorteio);
    await user.type(sorteio, '0,0125');
    const cashback = within(dialog).getByRole('textbox', { name: 'Fator cashback de Empório Bella Vista' });
    await user.clear(cashback);
    await user.type(cashback, '0.05');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('POST', '/v1/adm/campanhas')).toHaveLength(1));
    const lojas = bodyOf('POST', '/v1/adm/campanhas').estabelecimentos as { id_campanha: number }[];
    expect(lojas.filter((l) => l.id_campanha > 0)).toEqual([
      { id_estabelecimento: 2, id_campanha: 1, fator_cashback: 0.05, fator_sorteio: 0.0125 },
    ]);
  });

  it('filters a long shop list by name and still sends every shop', async () => {
    const muitas = Array.from({ length: 12 }, (_, i) =>
      loja(i + 1, `Loja ${String(i + 1).padStart(2, '0')}`),
    );
    muitas.push(loja(50, 'Café São José'));
    routes['GET /v1/adm/campanhas/estabelecimentos/0'] = () => jsonResponse(200, muitas);
    const user = userEvent.setup();
    renderWithApp(<CampaignScreen />, { path: '/admin/campanha' });
    const dialog = await openNew(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Descrição/ }), 'Filtrada');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Filtrar estabelecimentos' }), 'cafe sao');
    const list = within(dialog).getByRole('list', { name: 'Estabelecimentos da cidade' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Participa: Café São José' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('POST', '/v1/adm/campanhas')).toHaveLength(1));
    const lojas = bodyOf('POST', '/v1/adm/campanhas').estabelecimentos as { id_campanha: number }[];
    expect(lojas).toHaveLength(13);
    expect(lojas.filter((l) => l.id_campanha > 0)).toEqual([
      { id_estabelecimento: 50, id_campanha: 1, fator_cashback: 0, fator_sorteio: 0.01 },
    ]);
  });

  it('edits a campaign with PATCH: its id marks the participants, the banner and link stay', async () => {
    routes['PATCH /v1/adm/campanhas/2'] = () => jsonResponse(200, natal);
    const user = userEvent.setup();
    renderWithApp(<CampaignScreen />, { path: '/admin/campanha' });
    await user.click(await screen.findByRole('button', { name: 'Editar Natal Premiado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Natal Premiado' });
    const descricao = await within(dialog).findByRole('textbox', { name: /Descrição/ });
    expect(descricao).toHaveValue('Natal Premiado');
    expect(within(dialog).getByRole('checkbox', { name: 'Participa: Açougue Central' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Fator cashback de Açougue Central' })).toHaveValue(
      '0,05',
    );
    expect(
      within(dialog).getByRole('checkbox', { name: 'Participa: Padaria Bella Vista' }),
    ).not.toBeChecked();

    await user.clear(descricao);
    await user.type(descricao, 'Natal Premiado 2026');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Participa: Empório Bella Vista' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(calls('PATCH', '/v1/adm/campanhas/2')).toHaveLength(1));
    expect(calls('POST', '/v1/adm/campanhas')).toHaveLength(0);
    expect(bodyOf('PATCH', '/v1/adm/campanhas/2')).toEqual({
      id_campanha: 2,
      den_campanha: 'Natal Premiado 2026',
      validade_ini: '2026-11-01',
      validade_fim: '2026-12-31',
      banner: 'imgban/natal.png',
      link: 'https://praca.demo/natal',
      cod_cidade: 3548500,
      limite_vendas_dia_loja: null,
      limite_cupons_mes: 10,
      limite_valor_dia: null,
      pct_entidade: 0,
      exige_nfce: false,
      estabelecimentos: [
        { id_estabelecimento: 1, id_campanha: 2, fator_cashback: 0.05, fator_sorteio: 0.02 },
        { id_estabelecimento: 2, id_campanha: 0, fator_cashback: 0, fator_sorteio: 0 },
        { id_estabelecimento: 3, id_campanha: 0, fator_cashback: 0, fator_sorteio: 0 },
      ],
    });
    await waitFor(() => expect(toasted()).toContain('Campanha salva'));
  });

  it("shows the server's 409 text when deleting a campaign with sales, and keeps the dialog", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    routes['DELETE /v1/adm/campanhas/2'] = () =>
      jsonResponse(409, { erro: MSG_ADMIN.campanhaComVendas, error: MSG_ADMIN.campanhaComVendas });
    const user = userEvent.setup();
    renderWithApp(<CampaignScreen />, { path: '/admin/campanha' });
    await user.click(await screen.findByRole('button', { name: 'Editar Natal Premiado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Natal Premiado' });
    await within(dialog).findByRole('textbox', { name: /Descrição/ });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirma Exclusao' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    await waitFor(() => expect(calls('DELETE', '/v1/adm/campanhas/2')).toHaveLength(1));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_ADMIN.campanhaComVendas);
    expect(screen.getByRole('dialog', { name: 'Natal Premiado' })).toBeInTheDocument();
    expect(toasted()).not.toContain('Campanha excluída');
  });

  it("deletes a campaign without sales: 'Campanha excluída' and the list reloads", async () => {
    routes['DELETE /v1/adm/campanhas/2'] = () => jsonResponse(202, { mensagem: 'ok' });
    const user = userEvent.setup();
    renderWithApp(<CampaignScreen />, { path: '/admin/campanha' });
    await user.click(await screen.findByRole('button', { name: 'Editar Natal Premiado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Natal Premiado' });
    await within(dialog).findByRole('textbox', { name: /Descrição/ });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirma Exclusao' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    await waitFor(() => expect(toasted()).toContain('Campanha excluída'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Natal Premiado' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(calls('GET', '/v1/adm/campanhas').length).toBeGreaterThan(1));
    // The deleted campaign is not asked for again.
    expect(calls('GET', '/v1/adm/campanhas/2')).toHaveLength(1);
  });
});

describe('Campaign dialog: the fiscal receipt (issue 53)', { timeout: 30_000 }, () => {
  it("ticks 'Exige nota fiscal (NFC-e)' and sends exige_nfce: true; shows the server's refusal of a shop without a CNPJ", async () => {
    routes['PATCH /v1/adm/campanhas/2'] = () =>
      jsonResponse(400, { erro: MSG_ADMIN.lojaSemCnpj.replace('{lojas}', 'Empório Bella Vista') });
    const user = userEvent.setup();
    renderWithApp(<CampaignScreen />, { path: '/admin/campanha' });
    await user.click(await screen.findByRole('button', { name: 'Editar Natal Premiado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Natal Premiado' });
    const exige = await within(dialog).findByRole('checkbox', { name: 'Exige nota fiscal (NFC-e)' });
    expect(exige).not.toBeChecked();
    expect(exige).toHaveAccessibleDescription(/cada loja participante precisa ter o CNPJ da nota cadastrado/);
    await user.click(exige);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('PATCH', '/v1/adm/campanhas/2')).toHaveLength(1));
    expect(bodyOf('PATCH', '/v1/adm/campanhas/2')).toMatchObject({ id_campanha: 2, exige_nfce: true });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Esta campanha exige nota fiscal: cadastre o CNPJ destas lojas antes: Empório Bella Vista',
    );
  });

  it('opens a campaign that requires it with the box ticked, and unticking sends false', async () => {
    routes['GET /v1/adm/campanhas/2'] = () => jsonResponse(200, { ...natal, exige_nfce: true });
    routes['PATCH /v1/adm/campanhas/2'] = () => jsonResponse(200, natal);
    const user = userEvent.setup();
    renderWithApp(<CampaignScreen />, { path: '/admin/campanha' });
    await user.click(await screen.findByRole('button', { name: 'Editar Natal Premiado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Natal Premiado' });
    const exige = await within(dialog).findByRole('checkbox', { name: 'Exige nota fiscal (NFC-e)' });
    expect(exige).toBeChecked();
    await user.click(exige);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('PATCH', '/v1/adm/campanhas/2')).toHaveLength(1));
    expect(bodyOf('PATCH', '/v1/adm/campanhas/2')).toMatchObject({ exige_nfce: false });
  });
});
