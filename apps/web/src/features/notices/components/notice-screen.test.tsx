import { notifications } from '@mantine/notifications';
import { MSG_CONTEUDO, addDays, type AvisoAdmin } from '@praca/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAdminCity } from '@/lib/admin-city';
import { setSession } from '@/lib/session';
import { todayIso } from '@/lib/today';
import { jsonResponse, mockApi, type MockApi, type Routes } from '@/test/mock-api';
import { shownDate, typeDate } from '@/test/dates';
import { findFieldRefusal } from '@/test/form';
import { renderWithApp } from '@/test/render';
import { NoticeScreen } from './notice-screen';
import { testSession } from '@/test/sessions';

const admin = testSession({ nome: 'Ana Admin', email: 'admin@praca.demo', admin: true });

const aviso = (id: number, title: string, extra: Partial<AvisoAdmin> = {}): AvisoAdmin => ({
  id_aviso: id,
  cod_cidade: 3548500,
  type: 'M',
  title,
  body: '<b>Feira</b> no sábado',
  image: 'imgban/feira.png',
  validade: '2026-05-31',
  ...extra,
});

/** A validity still ahead, whatever day the tests run. */
const futuro = addDays(todayIso(), 60);

let routes: Routes;
let api: MockApi;
let toasts: { mock: { calls: unknown[][] } };
const toasted = () => toasts.mock.calls.map(([n]) => (n as { message: string }).message);
const calls = (method: string, path: string) => api.calls(method, path);
const bodyOf = (method: string, path: string) => api.bodyOf(method, path);

beforeEach(() => {
  routes = {
    'GET /v1/adm/avisos': () =>
      jsonResponse(200, [aviso(2, 'Feira de sábado'), aviso(1, 'Vacinação', { validade: '2026-01-15' })], {
        'X-Total-Count': '41',
      }),
    'GET /v1/adm/avisos/2': () => jsonResponse(200, aviso(2, 'Feira de sábado', { validade: futuro })),
    'POST /v1/adm/avisos': () => jsonResponse(202, aviso(9, 'Novo horário')),
    'PATCH /v1/adm/avisos/2': () => jsonResponse(202, aviso(2, 'Feira de domingo')),
    'DELETE /v1/adm/avisos/2': () => jsonResponse(202, { mensagem: 'Aviso excluído' }),
  };
  api = mockApi(routes);
  toasts = vi.spyOn(notifications, 'show').mockReturnValue('toast');
  setSession(admin);
});

describe('NoticeScreen', () => {
  it("lists the city's notices with dd/mm/yyyy validity, Editar per row, and pages", async () => {
    const user = userEvent.setup();
    renderWithApp(<NoticeScreen />, { path: '/admin/aviso' });
    expect(screen.getByRole('heading', { name: 'Avisos' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('IdTítuloValidade');
    expect(rows[1]).toHaveTextContent('2Feira de sábado31/05/2026');
    expect(rows[2]).toHaveTextContent('1Vacinação15/01/2026');
    expect(within(rows[1]!).getByRole('button', { name: 'Editar Feira de sábado' })).toBeInTheDocument();
    expect(screen.getByText('41 avisos')).toBeInTheDocument();
    const [first] = calls('GET', '/v1/adm/avisos');
    expect(Object.fromEntries(new URL(String(first?.[0]), 'http://x').searchParams)).toEqual({
      cod_cidade: '3548500',
      pagina: '1',
      limite: '20',
    });

    const pager = screen.getByRole('navigation', { name: 'Páginas de avisos' });
    await user.click(within(pager).getByRole('button', { name: 'Página 3' }));
    await waitFor(() =>
      expect(
        calls('GET', '/v1/adm/avisos').some(
          ([u]) => new URL(String(u), 'http://x').searchParams.get('pagina') === '3',
        ),
      ).toBe(true),
    );
  });

  it("says 'Nenhum aviso cadastrado' when the city has none", async () => {
    routes['GET /v1/adm/avisos'] = () => jsonResponse(200, []);
    renderWithApp(<NoticeScreen />, { path: '/admin/aviso' });
    expect(await screen.findByText('Nenhum aviso cadastrado')).toBeInTheDocument();
  });

  it('shows the error with a retry that loads again', async () => {
    routes['GET /v1/adm/avisos'] = () => jsonResponse(500, { erro: 'Banco fora do ar' });
    const user = userEvent.setup();
    renderWithApp(<NoticeScreen />, { path: '/admin/aviso' });
    expect(await screen.findByText('Banco fora do ar')).toBeInTheDocument();
    routes['GET /v1/adm/avisos'] = () => jsonResponse(200, [aviso(2, 'Feira de sábado')]);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: 'Editar Feira de sábado' })).toBeInTheDocument();
  });

  it('asks the super-admin to pick a city first, without any call', () => {
    setSession({ ...admin, superadmin: true, cod_cidade: 0 });
    setAdminCity('000000');
    renderWithApp(<NoticeScreen />, { path: '/admin/aviso' });
    expect(screen.getByText('Escolha a cidade no topo da página para ver os avisos.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novo' })).not.toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});

describe('Notice dialog', { timeout: 30_000 }, () => {
  it('previews the message sanitised: a handler never reaches any document, an image never loads', async () => {
    const user = userEvent.setup();
    renderWithApp(<NoticeScreen />, { path: '/admin/aviso' });
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo aviso' });
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Mensagem/ }), {
      target: { value: 'Feira <b>hoje</b><img src=x onerror=alert(1)>' },
    });
    const preview = within(dialog).getByTestId('notice-preview');
    expect(preview).toHaveTextContent('Feira hoje');
    expect(preview.innerHTML).toBe('Feira <b>hoje</b>');
    expect(parse).toHaveBeenCalled();
    for (const [html] of parse.mock.calls) expect(String(html)).not.toMatch(/onerror/i);
    parse.mockRestore();
  });

  it('creates a notice: POST with the city, title, message, image and validity; 202 closes it', async () => {
    const user = userEvent.setup();
    renderWithApp(<NoticeScreen />, { path: '/admin/aviso' });
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo aviso' });
    expect(within(dialog).getByRole('textbox', { name: 'Cidade' })).toHaveValue('Santos - SP');
    expect(within(dialog).queryByRole('textbox', { name: 'Id' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Validade/ })).toHaveValue(
      shownDate(addDays(todayIso(), 30)),
    );
    expect(within(dialog).queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Título/ }), 'Novo horário');
    await user.type(within(dialog).getByRole('textbox', { name: /Mensagem/ }), 'Abrimos às 8h');
    await typeDate(user, within(dialog).getByRole('textbox', { name: /Validade/ }), futuro);
    expect(within(dialog).getByTestId('notice-preview')).toHaveTextContent('Abrimos às 8h');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(calls('POST', '/v1/adm/avisos')).toHaveLength(1));
    expect(bodyOf('POST', '/v1/adm/avisos')).toEqual({
      cod_cidade: 3548500,
      title: 'Novo horário',
      body: 'Abrimos às 8h',
      image: '',
      validade: futuro,
    });
    await waitFor(() => expect(toasted()).toContain('Aviso salvo'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo aviso' })).not.toBeInTheDocument());
    await waitFor(() => expect(calls('GET', '/v1/adm/avisos').length).toBeGreaterThan(1));
  });

  // Issue 35: a notice could be saved already expired without a word.
  it('asks before saving a notice whose validity has passed; Voltar keeps editing, confirming saves', async () => {
    const user = userEvent.setup();
    renderWithApp(<NoticeScreen />, { path: '/admin/aviso' });
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo aviso' });
    await user.type(within(dialog).getByRole('textbox', { name: /Título/ }), 'Feira de ontem');
    const ontem = addDays(todayIso(), -1);
    await typeDate(user, within(dialog).getByRole('textbox', { name: /Validade/ }), ontem);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    let ask = await screen.findByRole('dialog', { name: 'Aviso já vencido' });
    expect(ask).toHaveTextContent(
      `A validade ${shownDate(ontem)} já passou: ninguém verá este aviso. Salvar mesmo assim?`,
    );
    await user.click(within(ask).getByRole('button', { name: 'Voltar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Aviso já vencido' })).not.toBeInTheDocument(),
    );
    expect(calls('POST', '/v1/adm/avisos')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Novo aviso' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    ask = await screen.findByRole('dialog', { name: 'Aviso já vencido' });
    await user.click(within(ask).getByRole('button', { name: 'Salvar mesmo assim' }));
    await waitFor(() => expect(calls('POST', '/v1/adm/avisos')).toHaveLength(1));
    expect(bodyOf('POST', '/v1/adm/avisos')).toMatchObject({ title: 'Feira de ontem', validade: ontem });
  });

  it('saves a notice valid until today without asking', async () => {
    const user = userEvent.setup();
    renderWithApp(<NoticeScreen />, { path: '/admin/aviso' });
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo aviso' });
    await user.type(within(dialog).getByRole('textbox', { name: /Título/ }), 'Só hoje');
    await typeDate(user, within(dialog).getByRole('textbox', { name: /Validade/ }), todayIso());
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls('POST', '/v1/adm/avisos')).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Aviso já vencido' })).not.toBeInTheDocument();
  });

  it('refuses a typed validity that is no real day, marking the field', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<NoticeScreen />, { path: '/admin/aviso' });
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo aviso' });
    await user.type(within(dialog).getByRole('textbox', { name: /Título/ }), 'Data errada');
    const validade = within(dialog).getByRole('textbox', { name: /Validade/ });
    await user.clear(validade);
    await user.type(validade, '31022027');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Data inválida: use dd/mm/aaaa');
    expect(validade).toHaveValue('31/02/2027');
    expect(validade).toHaveAttribute('aria-invalid', 'true');
    expect(calls('POST', '/v1/adm/avisos')).toHaveLength(0);
  });

  it('refuses a blank title with the contract message and sends nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<NoticeScreen />, { path: '/admin/aviso' });
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo aviso' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const titulo = await findFieldRefusal(dialog, MSG_CONTEUDO.tituloObrigatorio);
    expect(titulo).toHaveFocus();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(calls('POST', '/v1/adm/avisos')).toHaveLength(0);
  });

  it('edits a notice with PATCH (202), shows the server error, and deletes it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<NoticeScreen />, { path: '/admin/aviso' });
    await user.click(await screen.findByRole('button', { name: 'Editar Feira de sábado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Feira de sábado' });
    const title = await within(dialog).findByRole('textbox', { name: /Título/ });
    expect(within(dialog).getByRole('textbox', { name: 'Id' })).toHaveValue('2');
    expect(within(dialog).getByRole('textbox', { name: /Validade/ })).toHaveValue(shownDate(futuro));

    routes['PATCH /v1/adm/avisos/2'] = () => jsonResponse(400, { erro: 'Validade inválida' });
    await user.clear(title);
    await user.type(title, 'Feira de domingo');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Validade inválida');

    routes['PATCH /v1/adm/avisos/2'] = () => jsonResponse(202, aviso(2, 'Feira de domingo'));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(toasted()).toContain('Aviso salvo'));
    expect(bodyOf('PATCH', '/v1/adm/avisos/2')).toEqual({
      title: 'Feira de domingo',
      body: '<b>Feira</b> no sábado',
      image: 'imgban/feira.png',
      validade: futuro,
    });

    await user.click(await screen.findByRole('button', { name: 'Editar Feira de sábado' }));
    const again = await screen.findByRole('dialog', { name: 'Feira de sábado' });
    await within(again).findByRole('textbox', { name: /Título/ });
    await user.click(within(again).getByRole('button', { name: 'Excluir' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(calls('DELETE', '/v1/adm/avisos/2')).toHaveLength(1));
    await waitFor(() => expect(toasted()).toContain('Aviso excluído'));
  });
});
