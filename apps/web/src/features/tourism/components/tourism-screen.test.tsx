import { notifications } from '@mantine/notifications';
import { MSG_ADMIN, type TurismoItem } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAdminCity } from '@/lib/admin-city';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi, type Routes } from '@/test/mock-api';
import { typeDate } from '@/test/dates';
import { findFieldRefusal } from '@/test/form';
import { renderWithApp } from '@/test/render';
import { TourismScreen } from './tourism-screen';
import { testSession } from '@/test/sessions';

const admin = testSession({ nome: 'Ana Admin', email: 'admin@praca.demo', admin: true });

const item = (id: number, descricao: string, extra: Partial<TurismoItem> = {}): TurismoItem => ({
  id_turismo: id,
  descricao,
  url_foto: 'imgtur/praia.png',
  url_site: 'https://santos.sp.gov.br',
  ind_ativo: 'S',
  tipo: 0,
  cod_cidade: 3548500,
  latitude: -23.9608,
  longitude: -46.3336,
  validade_ate: null,
  validadeate: null,
  ...extra,
});

let routes: Routes;
let api: MockApi;
let toasts: { mock: { calls: unknown[][] } };
const toasted = () => toasts.mock.calls.map(([n]) => (n as { message: string }).message);
const calls = (method: string, path: string) => api.calls(method, path);
const bodyOf = (method: string, path: string) => api.bodyOf(method, path);

beforeEach(() => {
  routes = {
    'GET /v1/adm/turismo': () =>
      jsonResponse(
        200,
        [
          item(2, 'Orquidário', {
            ind_ativo: 'N',
            tipo: 0,
            validade_ate: '2026-12-31',
            validadeate: '2026-12-31',
          }),
          item(1, 'Hotel Atlântico', { tipo: 1 }),
        ],
        { 'X-Total-Count': '45' },
      ),
    'GET /v1/adm/turismo/2': () =>
      jsonResponse(200, item(2, 'Orquidário', { validade_ate: '2026-12-31', validadeate: '2026-12-31' })),
    'POST /v1/adm/turismo': () => jsonResponse(201, item(9, 'Museu do Café')),
    'PATCH /v1/adm/turismo/2': () => jsonResponse(200, item(2, 'Orquidário')),
    'DELETE /v1/adm/turismo/2': () => jsonResponse(200, { mensagem: 'Item excluído' }),
  };
  api = mockApi(routes);
  toasts = vi.spyOn(notifications, 'show').mockReturnValue('toast');
  setSession(admin);
});

async function openNew(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Novo' }));
  const dialog = await screen.findByRole('dialog', { name: 'Novo item de turismo' });
  await within(dialog).findByRole('textbox', { name: /Descrição/ });
  return dialog;
}

describe('TourismScreen', () => {
  it('lists the items with type, active flag and validity, and the type filter sends tipo', async () => {
    const user = userEvent.setup();
    renderWithApp(<TourismScreen />, { path: '/admin/turismo' });
    expect(screen.getByRole('heading', { name: 'Turismo' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('IdDescriçãoTipoAtivoValidade');
    expect(rows[1]).toHaveTextContent('2OrquidárioLocaisNão31/12/2026');
    expect(rows[2]).toHaveTextContent('1Hotel AtlânticoHoteisSim—');
    expect(within(rows[1]!).getByRole('button', { name: 'Editar Orquidário' })).toBeInTheDocument();
    expect(screen.getByText('45 itens')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Páginas de itens de turismo' })).toBeInTheDocument();

    const [first] = calls('GET', '/v1/adm/turismo');
    expect(Object.fromEntries(new URL(String(first?.[0]), 'http://x').searchParams)).toEqual({
      cod_cidade: '3548500',
      pagina: '1',
      limite: '20',
    });

    const filtro = screen.getByRole('combobox', { name: 'Tipo' });
    expect(
      within(filtro)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todos', 'Locais', 'Hoteis', 'Alimentação', 'Eventos', 'Uteis']);
    await user.selectOptions(filtro, 'Alimentação');
    await waitFor(() =>
      expect(
        calls('GET', '/v1/adm/turismo').some(
          ([u]) => new URL(String(u), 'http://x').searchParams.get('tipo') === '2',
        ),
      ).toBe(true),
    );
  });

  it("says 'Nenhum item de turismo cadastrado' when the city has none", async () => {
    routes['GET /v1/adm/turismo'] = () => jsonResponse(200, []);
    renderWithApp(<TourismScreen />, { path: '/admin/turismo' });
    expect(await screen.findByText('Nenhum item de turismo cadastrado')).toBeInTheDocument();
  });

  it('shows the error with a retry that loads again', async () => {
    routes['GET /v1/adm/turismo'] = () => jsonResponse(500, { erro: 'Banco fora do ar' });
    const user = userEvent.setup();
    renderWithApp(<TourismScreen />, { path: '/admin/turismo' });
    expect(await screen.findByText('Banco fora do ar')).toBeInTheDocument();
    routes['GET /v1/adm/turismo'] = () => jsonResponse(200, [item(2, 'Orquidário')]);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: 'Editar Orquidário' })).toBeInTheDocument();
  });

  it('asks the super-admin to pick a city first, without any call', () => {
    setSession({ ...admin, superadmin: true, cod_cidade: 0 });
    setAdminCity('000000');
    renderWithApp(<TourismScreen />, { path: '/admin/turismo' });
    expect(
      screen.getByText('Escolha a cidade no topo da página para ver os itens de turismo.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novo' })).not.toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});

describe('Tourism dialog', { timeout: 30_000 }, () => {
  it('creates an item: POST with validadeate and the coordinates as numbers', async () => {
    const user = userEvent.setup();
    renderWithApp(<TourismScreen />, { path: '/admin/turismo' });
    const dialog = await openNew(user);
    expect(within(dialog).queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Ativo' })).toBeChecked();

    await user.type(within(dialog).getByRole('textbox', { name: /Descrição/ }), 'Museu do Café');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Tipo' }), 'Eventos');
    await user.type(within(dialog).getByRole('textbox', { name: /Site/ }), 'https://museudocafe.org.br');
    await user.type(within(dialog).getByRole('textbox', { name: 'Latitude' }), '-23,93456789');
    await user.type(within(dialog).getByRole('textbox', { name: 'Longitude' }), '-46.32812345');
    await typeDate(user, within(dialog).getByRole('textbox', { name: /Válido até/ }), '2026-12-31');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('POST', '/v1/adm/turismo')).toHaveLength(1));
    expect(bodyOf('POST', '/v1/adm/turismo')).toEqual({
      id_turismo: 0,
      cod_cidade: 3548500,
      descricao: 'Museu do Café',
      tipo: 3,
      url_foto: '',
      url_site: 'https://museudocafe.org.br',
      ind_ativo: 'S',
      latitude: -23.93456789,
      longitude: -46.32812345,
      validadeate: '2026-12-31',
    });
    await waitFor(() => expect(toasted()).toContain('Item salvo'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Novo item de turismo' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(calls('GET', '/v1/adm/turismo').length).toBeGreaterThan(1));
  });

  it('refuses a typed validity that is no real day', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<TourismScreen />, { path: '/admin/turismo' });
    const dialog = await openNew(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Descrição/ }), 'Praia');
    const validade = within(dialog).getByRole('textbox', { name: /Válido até/ });
    await user.type(validade, '3104');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Data inválida: use dd/mm/aaaa');
    expect(validade).toHaveValue('31/04');
    expect(validade).toHaveAttribute('aria-invalid', 'true');
    expect(calls('POST', '/v1/adm/turismo')).toHaveLength(0);
  });

  it('refuses a latitude with 9 decimals with the contract message and sends nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<TourismScreen />, { path: '/admin/turismo' });
    const dialog = await openNew(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Descrição/ }), 'Praia');
    await user.type(within(dialog).getByRole('textbox', { name: 'Latitude' }), '-23.123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const latitude = await findFieldRefusal(dialog, MSG_ADMIN.latitudeInvalida);
    expect(latitude).toBe(within(dialog).getByRole('textbox', { name: 'Latitude' }));
    expect(latitude).toHaveFocus();
    expect(calls('POST', '/v1/adm/turismo')).toHaveLength(0);
  });

  it('edits an item (no expiry, inactive) with PATCH and deletes it after confirmation', async () => {
    const user = userEvent.setup();
    renderWithApp(<TourismScreen />, { path: '/admin/turismo' });
    await user.click(await screen.findByRole('button', { name: 'Editar Orquidário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Orquidário' });
    const validade = await within(dialog).findByRole('textbox', { name: /Válido até/ });
    // dd/mm/aaaa whatever the browser's language (issue 35).
    expect(validade).toHaveValue('31/12/2026');
    expect(within(dialog).getByRole('textbox', { name: 'Latitude' })).toHaveValue('-23.9608');
    await user.clear(validade);
    await user.click(within(dialog).getByRole('switch', { name: 'Ativo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('PATCH', '/v1/adm/turismo/2')).toHaveLength(1));
    expect(bodyOf('PATCH', '/v1/adm/turismo/2')).toMatchObject({
      id_turismo: 2,
      ind_ativo: 'N',
      validadeate: null,
      latitude: -23.9608,
      longitude: -46.3336,
    });
    await waitFor(() => expect(toasted()).toContain('Item salvo'));

    await user.click(await screen.findByRole('button', { name: 'Editar Orquidário' }));
    const again = await screen.findByRole('dialog', { name: 'Orquidário' });
    await within(again).findByRole('textbox', { name: /Válido até/ });
    await user.click(within(again).getByRole('button', { name: 'Excluir' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(calls('DELETE', '/v1/adm/turismo/2')).toHaveLength(1));
    await waitFor(() => expect(toasted()).toContain('Item excluído'));
  });
});
