import { notifications } from '@mantine/notifications';
import { MSG_NOTIFICACAO } from '@praca/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAdminCity } from '@/lib/admin-city';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi, type Routes } from '@/test/mock-api';
import { findFieldRefusal } from '@/test/form';
import { renderWithApp } from '@/test/render';
import { sentText } from './notification-form';
import { NotificationScreen } from './notification-screen';
import { testSession } from '@/test/sessions';

const admin = testSession({ nome: 'Ana Admin', email: 'admin@praca.demo', admin: true });

const RESULT = { id_notificacao: 9, destinatarios: 12, enviadas: 10, falhas: 0, removidas: 0, pendentes: 0 };

let routes: Routes;
let api: MockApi;
let toasts: { mock: { calls: unknown[][] } };
const toasted = () => toasts.mock.calls.map(([n]) => (n as { message: string }).message);

beforeEach(() => {
  routes = {
    'POST /v1/adm/notificacao': () => jsonResponse(202, RESULT),
    'GET /v1/adm/notificacoes': () => jsonResponse(200, []),
  };
  api = mockApi(routes);
  toasts = vi.spyOn(notifications, 'show').mockReturnValue('toast');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  setSession(admin);
});

const renderForm = () =>
  renderWithApp(<NotificationScreen />, { path: '/admin/notificacao', extraRoutes: ['/admin/home'] });

const message = () => screen.getByRole('textbox', { name: /^Mensagem/ });
const counter = () => screen.getByTestId('contador-mensagem');
const sendCalls = () => api.calls('POST', '/v1/adm/notificacao');

async function fill(user: ReturnType<typeof userEvent.setup>, title = 'Feira no sábado', body = 'Venha!') {
  await user.type(screen.getByRole('textbox', { name: /^Título/ }), title);
  fireEvent.change(message(), { target: { value: body } });
}

describe('NotificationScreen', () => {
  it('shows the form with visible labels, the city and the defaults Todos/Todos', () => {
    renderForm();
    expect(screen.getByRole('heading', { name: 'Notificação', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Cidade' })).toHaveValue('Santos - SP');
    expect(screen.getByRole('group', { name: 'Imagem' })).toBeInTheDocument();
    const enviar = screen.getByRole('radiogroup', { name: 'Enviar para' });
    const push = screen.getByRole('radiogroup', { name: 'Push para' });
    expect(within(enviar).getByRole('radio', { name: 'Todos' })).toBeChecked();
    expect(within(push).getByRole('radio', { name: 'Todos' })).toBeChecked();
    expect(
      within(enviar)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['N', 'P', 'I']);
    expect(
      within(push)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['A', 'P', 'I']);
    expect(counter()).toHaveTextContent('0/2000');
  });

  it('counts live; 2000 characters are sent as they are', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(message(), 'Olá');
    expect(counter()).toHaveTextContent('3/2000');
    await fill(user, 'Feira', 'a'.repeat(2000));
    expect(counter()).toHaveTextContent(/^2000\/2000$/);
    expect(message()).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sendCalls()).toHaveLength(1));
    expect((api.bodyOf('POST', '/v1/adm/notificacao').body as string).length).toBe(2000);
  });

  it('2001 characters: the counter turns red and Enviar is refused without a call, nothing cut', async () => {
    const user = userEvent.setup();
    renderForm();
    await fill(user, 'Feira', 'a'.repeat(2001));
    expect(counter()).toHaveTextContent('2001/2000 · máximo excedido');
    // The declared colour: jsdom (31 on) resolves var() in computed styles, and the test loads
    // no Mantine CSS, so the computed colour would be the inherited black.
    expect(counter().style.color).toBe('var(--mantine-color-red-9)');
    expect(message()).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await findFieldRefusal(document.body, MSG_NOTIFICACAO.mensagemLonga)).toBe(message());
    expect(message()).toHaveFocus();
    expect(message()).toHaveValue('a'.repeat(2001));
    expect(sendCalls()).toHaveLength(0);
  });

  it("the red alert (the server's refusal) closes itself after 5 s", async () => {
    routes['POST /v1/adm/notificacao'] = () => jsonResponse(403, { erro: 'Cidade fora do seu escopo' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderForm();
      fireEvent.change(screen.getByRole('textbox', { name: /^Título/ }), { target: { value: 'Feira' } });
      fireEvent.change(message(), { target: { value: 'Venha!' } });
      fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Cidade fora do seu escopo');
      act(() => vi.advanceTimersByTime(4900));
      expect(screen.getByRole('alert')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a missing title is refused before any call', async () => {
    const user = userEvent.setup();
    renderForm();
    fireEvent.change(message(), { target: { value: 'Venha!' } });
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    // The title is refused under itself and takes the focus; no red alert for a field's refusal.
    const titulo = await findFieldRefusal(document.body, MSG_NOTIFICACAO.tituloObrigatorio);
    expect(titulo).toBe(screen.getByRole('textbox', { name: /^Título/ }));
    expect(titulo).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sendCalls()).toHaveLength(0);
  });

  it('maps Enviar para → p and Push para → push, with the admin city', async () => {
    const user = userEvent.setup();
    renderForm();
    await fill(user, 'Só parceiros', 'Linha 1\nLinha 2');
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Enviar para' })).getByRole('radio', {
        name: 'Parceiros',
      }),
    );
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Push para' })).getByRole('radio', { name: 'Eu' }),
    );
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sendCalls()).toHaveLength(1));
    const [req] = api.requests('POST', '/v1/adm/notificacao');
    expect(req?.url.searchParams.get('p')).toBe('P');
    expect(req?.body).toEqual({
      type: 'M',
      title: 'Só parceiros',
      body: 'Linha 1\nLinha 2',
      image: '',
      cod_cidade: 3548500,
      push: 'I',
    });
  });

  it.each([
    ['I', 'I', 'Eu', 'Eu'],
    ['N', 'A', 'Todos', 'Todos'],
    ['P', 'P', 'Parceiros', 'Parceiros'],
  ])('p=%s push=%s from %s/%s', async (p, push, enviar, alvo) => {
    const user = userEvent.setup();
    renderForm();
    await fill(user);
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Enviar para' })).getByRole('radio', { name: enviar }),
    );
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Push para' })).getByRole('radio', { name: alvo }),
    );
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sendCalls()).toHaveLength(1));
    const [req] = api.requests('POST', '/v1/adm/notificacao');
    expect(req?.url.searchParams.get('p')).toBe(p);
    expect((req?.body as { push: string }).push).toBe(push);
  });

  it('202: back to /admin/home with the counts in a toast (spec §4)', async () => {
    routes['POST /v1/adm/notificacao'] = () => jsonResponse(202, { ...RESULT, enviadas: 0, pendentes: 10 });
    const user = userEvent.setup();
    const { router } = renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/home'));
    expect(toasted()).toEqual(['Notificação enviada para 12 pessoas · 10 push na fila']);
  });

  it('the history under the form shows a running fan-out’s progress (issue 38)', async () => {
    routes['GET /v1/adm/notificacoes'] = () =>
      jsonResponse(200, [
        {
          id_notificacao: 9,
          title: 'Feira',
          destino: 'N',
          criado_em: '2026-11-28T10:00:00.000Z',
          total: 10,
          enviadas: 4,
          falhas: 1,
          removidas: 0,
          pendentes: 5,
        },
      ]);
    renderForm();
    expect(await screen.findByText('4 de 10 push enviados · 1 com falha · 5 pendentes')).toBeInTheDocument();
  });

  it('the counts text: singulars, and the push error when some failed', () => {
    expect(sentText({ ...RESULT, destinatarios: 1, enviadas: 1, falhas: 0 })).toBe(
      'Notificação enviada para 1 pessoa · 1 push enviado, 0 falharam',
    );
    expect(sentText({ ...RESULT, falhas: 1 })).toBe(
      `Notificação enviada para 12 pessoas · 10 push enviados, 1 falhou (${MSG_NOTIFICACAO.erroPush})`,
    );
  });

  it("shows the server's erro in the red alert and stays", async () => {
    routes['POST /v1/adm/notificacao'] = () => jsonResponse(403, { erro: 'Cidade fora do seu escopo' });
    const user = userEvent.setup();
    const { router } = renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cidade fora do seu escopo');
    expect(router.state.location.pathname).toBe('/admin/notificacao');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  });

  it("a failure without erro: 'Erro desconhecido no POST inicial'", async () => {
    routes['POST /v1/adm/notificacao'] = () => new Response('', { status: 500 });
    const user = userEvent.setup();
    renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro desconhecido no POST inicial');
  });

  it("an answer other than 202: 'Erro desconhecido no POST inicial'", async () => {
    routes['POST /v1/adm/notificacao'] = () => jsonResponse(200, { ok: true });
    const user = userEvent.setup();
    renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro desconhecido no POST inicial');
  });

  it("a network failure: 'Erro ao enviar a notificação'", async () => {
    routes['POST /v1/adm/notificacao'] = () => {
      throw new TypeError('Failed to fetch');
    };
    const user = userEvent.setup();
    renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao enviar a notificação');
  });

  it('Enviar waits while sending, with progress', async () => {
    let answer: (r: Response) => void = () => {};
    routes['POST /v1/adm/notificacao'] = () => new Promise<Response>((resolve) => (answer = resolve));
    const user = userEvent.setup();
    renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Enviando notificação…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    answer(jsonResponse(202, RESULT));
    expect(await screen.findByText('Página /admin/home')).toBeInTheDocument();
  });

  it('asks the super-admin to pick a city first, without any call', () => {
    setSession({ ...admin, superadmin: true, cod_cidade: 0 });
    setAdminCity('000000');
    renderForm();
    expect(
      screen.getByText('Escolha a cidade no topo da página para ver as notificações.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});
