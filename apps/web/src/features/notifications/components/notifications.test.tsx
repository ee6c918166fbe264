import { MSG_NOTIFICACAO, type NotificacaoUsuario } from '@praca/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationsButton } from '@/app/layouts/notifications-button';
import { clearSession, setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi, type Routes } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { Component as NotificacaoPage } from '../routes/notificacao';
import { ENABLE_PUSH, PUSH_OFF, PUSH_ON } from './push-opt-in';
import { testSession } from '@/test/sessions';

const consumidor = testSession({ id_usuario: 7, nome: 'Clara', email: 'clara@praca.demo' });

const item = (id: number, title: string, extra: Partial<NotificacaoUsuario> = {}): NotificacaoUsuario => ({
  id_message: id,
  id_notificacao: 100 + id,
  type: 'M',
  title,
  body: 'Primeira linha\nSegunda linha <b>sem HTML</b>',
  image: 'users/feira-0badcafe.png',
  // 13:05 in São Paulo.
  dat_recece: '2026-03-14T16:05:00.000Z',
  lida: 'N',
  ...extra,
});

let routes: Routes;
let api: MockApi;
let lista: NotificacaoUsuario[];

beforeEach(() => {
  lista = [item(2, 'Feira de sábado'), item(1, 'Sorteio de março', { image: '', body: 'Boa sorte!' })];
  routes = {
    // Without todas=S the unread ones only (the badge); with it all of them (the page).
    'GET /v1/usuarios/notificacao': (url) =>
      jsonResponse(200, url.searchParams.get('todas') === 'S' ? lista : lista.filter((n) => n.lida === 'N')),
    'POST /v1/usuarios/notificacao/lidas': (_url, init) => {
      const { id_message } = JSON.parse(String(init?.body)) as { id_message: number[] };
      lista = lista.map((n) => (id_message.includes(n.id_message) ? { ...n, lida: 'S' } : n));
      return new Response(null, { status: 204 });
    },
    'DELETE /v1/usuarios/notificacao/2': () => {
      lista = lista.filter((n) => n.id_message !== 2);
      return new Response(null, { status: 204 });
    },
  };
  api = mockApi(routes);
  setSession(consumidor);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  vi.unstubAllGlobals();
});

const renderPage = () =>
  renderWithApp(
    <>
      <NotificationsButton />
      <NotificacaoPage />
    </>,
    { path: '/notificacao' },
  );

const markCalls = () => api.requests('POST', '/v1/usuarios/notificacao/lidas');
const badge = () => screen.getByTestId('notificacoes-badge');

describe('the bell', () => {
  it('counts the unread notifications only, shown only above 0', async () => {
    lista = [...lista, item(3, 'Já lida', { lida: 'S' })];
    renderWithApp(<NotificationsButton />, { path: '/' });
    expect(await screen.findByText('2 notificações')).toBeInTheDocument();
    expect(badge()).toHaveTextContent('2');
    expect(markCalls()).toHaveLength(0);
  });

  it('is not shown and asks nothing without a session (the removal page after the account is gone)', async () => {
    clearSession();
    renderWithApp(<NotificationsButton />, { path: '/remocaousuario' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('link', { name: 'Notificações' })).toBeNull();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});

describe('/notificacao', () => {
  it('lists each notification: image, title, plain-text body with its line breaks, pt-BR date', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Notificações', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Notificações' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'Feira de sábado', level: 2 })).toBeInTheDocument();
    const body = within(first).getByText(/Primeira linha/);
    expect(body.textContent).toBe('Primeira linha\nSegunda linha <b>sem HTML</b>');
    expect(body).toHaveStyle({ whiteSpace: 'pre-line' });
    expect(first.querySelector('b')).toBeNull();
    expect(first.querySelector('img')).toHaveAttribute('src', '/img/users/feira-0badcafe.png');
    expect(first).toHaveTextContent('Recebida em 14/03/2026 13:05');
    expect(first.querySelector('time')).toHaveAttribute('datetime', '2026-03-14T16:05:00.000Z');
    expect(second.querySelector('img')).toBeNull();
    expect(
      within(first).getByRole('button', { name: 'Excluir notificação Feira de sábado' }),
    ).toBeInTheDocument();
  });

  it('opening it marks the unread ones read: the badge goes away, the list keeps them all', async () => {
    lista = [...lista, item(3, 'Já lida', { lida: 'S' })];
    renderPage();
    await waitFor(() => expect(markCalls()).toHaveLength(1));
    expect(markCalls()[0]!.body).toEqual({ id_message: [2, 1] });
    await waitFor(() => expect(badge()).toHaveTextContent(''));
    expect(screen.queryByText(/^\d+ notificaç(ão|ões)$/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notificações' })).not.toHaveAttribute('aria-describedby');
    const list = screen.getByRole('list', { name: 'Notificações' });
    await waitFor(() =>
      expect(api.calls('GET', '/v1/usuarios/notificacao').length).toBeGreaterThanOrEqual(4),
    );
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('h2')?.textContent),
    ).toEqual(['Feira de sábado', 'Sorteio de março', 'Já lida']);
    // Read now, so not asked again when the lists come back.
    expect(markCalls()).toHaveLength(1);
  });

  it('a new one arriving while the page is open is read too; a failed mark is not asked again', async () => {
    let queryClient: QueryClient | undefined;
    function GrabClient() {
      queryClient = useQueryClient();
      return null;
    }
    renderWithApp(
      <>
        <GrabClient />
        <NotificationsButton />
        <NotificacaoPage />
      </>,
      { path: '/notificacao' },
    );
    await waitFor(() => expect(markCalls()).toHaveLength(1));
    routes['POST /v1/usuarios/notificacao/lidas'] = () => jsonResponse(500, { erro: 'Falhou' });
    lista = [item(5, 'Chegou agora'), ...lista];
    await queryClient!.invalidateQueries({ queryKey: ['usuarios', 'notificacao'] });
    await waitFor(() => expect(markCalls()).toHaveLength(2));
    expect(markCalls()[1]!.body).toEqual({ id_message: [5] });
    expect(await screen.findByText('Chegou agora')).toBeInTheDocument();
    // The server kept it unread: the badge shows it again, and the page does not insist.
    expect(await screen.findByText('1 notificação')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(markCalls()).toHaveLength(2);
  });

  it('delete calls the API and removes the item from the list', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Excluir notificação Feira de sábado' }));
    await waitFor(() => expect(api.calls('DELETE', '/v1/usuarios/notificacao/2')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Feira de sábado')).not.toBeInTheDocument());
    expect(screen.getByText('Sorteio de março')).toBeInTheDocument();
  });

  it("deleting the last one shows 'Você não tem notificações', and no badge", async () => {
    lista = [item(2, 'Feira de sábado')];
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Excluir notificação Feira de sábado' }));
    expect(await screen.findByText(MSG_NOTIFICACAO.listaVazia)).toBeInTheDocument();
    expect(screen.queryByText(/1 notificação/)).not.toBeInTheDocument();
    expect(badge()).not.toHaveTextContent('1');
  });

  it('a failed delete puts the item back and says so', async () => {
    routes['DELETE /v1/usuarios/notificacao/2'] = () => jsonResponse(500, { erro: 'Falhou' });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Excluir notificação Feira de sábado' }));
    expect(await screen.findByText('Não foi possível excluir a notificação.')).toBeInTheDocument();
    expect(screen.getByText('Feira de sábado')).toBeInTheDocument();
  });

  it('empty list: the empty text, no badge', async () => {
    lista = [];
    renderPage();
    expect(await screen.findByText('Você não tem notificações')).toBeInTheDocument();
    expect(screen.queryByText(/^\d+ notificaç(ão|ões)$/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notificações' })).not.toHaveAttribute('aria-describedby');
  });

  it('a failed load shows the error with a retry', async () => {
    routes['GET /v1/usuarios/notificacao'] = () => jsonResponse(500, { erro: 'Banco fora do ar' });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Não foi possível carregar as notificações.')).toBeInTheDocument();
    expect(screen.getByText('Banco fora do ar')).toBeInTheDocument();
    routes['GET /v1/usuarios/notificacao'] = () => jsonResponse(200, lista);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Feira de sábado')).toBeInTheDocument();
  });
});

describe('push opt-in', () => {
  it('without support: the console warning and an explanation, no button', async () => {
    renderPage();
    expect(await screen.findByText(`${MSG_NOTIFICACAO.naoSuportado}.`)).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalledWith('Notificações não são suportadas neste ambiente');
    expect(screen.queryByRole('button', { name: ENABLE_PUSH })).not.toBeInTheDocument();
  });

  function installPush(permission: NotificationPermission) {
    const subscription = {
      toJSON: () => ({ endpoint: 'https://push.example.test/x', keys: { p256dh: 'AAAA', auth: 'BBBB' } }),
    };
    const registration = {
      pushManager: { getSubscription: vi.fn(async () => null), subscribe: vi.fn(async () => subscription) },
    };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: Object.assign(new EventTarget(), {
        register: vi.fn(async () => registration),
        ready: Promise.resolve(registration),
        getRegistration: vi.fn(async () => undefined),
      }),
    });
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', {
      permission: 'default',
      requestPermission: vi.fn(async () => permission),
    });
  }

  it('the click asks the permission, subscribes, sends the token and shows ativado', async () => {
    installPush('granted');
    routes['GET /v1/pushnotification/chave'] = () => jsonResponse(200, { publicKey: 'AQID' });
    routes['POST /v1/usuarios/salvatoken'] = () => jsonResponse(201, {});
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(PUSH_OFF)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ENABLE_PUSH }));
    expect(await screen.findByText(PUSH_ON)).toBeInTheDocument();
    expect(api.calls('POST', '/v1/usuarios/salvatoken')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: ENABLE_PUSH })).not.toBeInTheDocument();
  });

  it('a refused permission says so and sends no token', async () => {
    installPush('denied');
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: ENABLE_PUSH }));
    expect(await screen.findByText(new RegExp(MSG_NOTIFICACAO.permissaoNegada))).toBeInTheDocument();
    expect(api.calls('POST', '/v1/usuarios/salvatoken')).toHaveLength(0);
  });
});
