import { notifications } from '@mantine/notifications';
import type { ChaveItem, EntregaItem, WebhookItem } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi, type Routes } from '@/test/mock-api';
import { findFieldRefusal } from '@/test/form';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { AdminWebhooksScreen, IntegrationScreen } from './integration-screen';

const KEY = 'praca_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const chave: ChaveItem = {
  id_chave: 7,
  nome: 'Caixa da frente',
  id_estabelecimento: 1,
  nome_estabelecimento: 'Padaria Bella Vista',
  inicio: 'praca_Zx9q',
  criada_em: '2026-11-20T13:00:00.000Z',
  usada_em: null,
};
const hook: WebhookItem = {
  id_webhook: 3,
  url: 'https://erp.example/praca',
  eventos: ['venda.criada'],
  cod_cidade: 3548500,
  id_estabelecimento: 1,
  nome_estabelecimento: 'Padaria Bella Vista',
  criado_em: '2026-11-20T13:00:00.000Z',
  situacao: 'ativo',
};
const entrega: EntregaItem = {
  id_entrega: 11,
  evento: 'venda.criada',
  situacao: 'entregue',
  tentativas: 2,
  status: 200,
  erro: null,
  criada_em: '2026-11-21T13:00:00.000Z',
  tentada_em: '2026-11-21T13:00:05.000Z',
};

let routes: Routes;
let api: MockApi;
let keys: ChaveItem[];

beforeEach(() => {
  setSession(testSession({ parceiro: true, estabelecimentos: { '1': 'Padaria Bella Vista' } }));
  keys = [chave];
  routes = {
    'GET /v1/parceiro/chaves': () => jsonResponse(200, keys),
    'POST /v1/parceiro/chaves': () => {
      keys = [{ ...chave, id_chave: 8, nome: 'Caixa 2', inicio: KEY.slice(0, 10) }, ...keys];
      return jsonResponse(201, { id_chave: 8, chave: KEY });
    },
    'DELETE /v1/parceiro/chaves/7': () => {
      keys = keys.filter((k) => k.id_chave !== 7);
      return jsonResponse(200, { ok: true });
    },
    'GET /v1/webhooks': () => jsonResponse(200, [hook]),
    'GET /v1/webhooks/3/entregas': () => jsonResponse(200, [entrega]),
    'POST /v1/webhooks': () => jsonResponse(201, { id_webhook: 4, segredo: 'whsec_segredo-de-teste' }),
  };
  api = mockApi(routes);
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
});

describe('IntegrationScreen (issue 39)', () => {
  it('lists the keys with their last use and never a secret', async () => {
    renderWithApp(<IntegrationScreen />, { path: '/parceiro/integracao' });
    const table = await screen.findByRole('table', { name: /Chaves ativas/ });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Caixa da frente');
    expect(row).toHaveTextContent('Padaria Bella Vista');
    expect(row).toHaveTextContent('praca_Zx9q…');
    expect(row).toHaveTextContent('Nunca usada');
  });

  it('creates a key for the shop and shows it once, with a copy button and the warning', async () => {
    const user = userEvent.setup();
    renderWithApp(<IntegrationScreen />, { path: '/parceiro/integracao' });
    await screen.findByRole('table', { name: /Chaves ativas/ });
    await user.type(screen.getByRole('textbox', { name: 'Nome da chave' }), 'Caixa 2');
    await user.click(screen.getByRole('button', { name: 'Criar chave' }));
    await waitFor(() => expect(api.calls('POST', '/v1/parceiro/chaves')).toHaveLength(1));
    expect(api.bodyOf('POST', '/v1/parceiro/chaves')).toEqual({ nome: 'Caixa 2', id_estabelecimento: 1 });
    expect(await screen.findByTestId('segredo-mostrado')).toHaveTextContent(KEY);
    expect(screen.getByText(/única vez que ela aparece/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Já copiei' }));
    expect(screen.queryByTestId('segredo-mostrado')).not.toBeInTheDocument();
  });

  it('revokes a key only after confirmation', async () => {
    const user = userEvent.setup();
    renderWithApp(<IntegrationScreen />, { path: '/parceiro/integracao' });
    await screen.findByRole('table', { name: /Chaves ativas/ });
    const revoke = screen.getByRole('button', { name: /^Revogar/ });
    await user.click(revoke);
    const dialog = await screen.findByRole('dialog', { name: 'Revogar chave' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.calls('DELETE', '/v1/parceiro/chaves/7')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(revoke);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revogar chave' })).getByRole('button', {
        name: 'Revogar',
      }),
    );
    await waitFor(() => expect(api.calls('DELETE', '/v1/parceiro/chaves/7')).toHaveLength(1));
    expect(await screen.findByText(/Nenhuma chave ativa/)).toBeInTheDocument();
  });

  it('registers a webhook for the shop, shows its secret once, and its delivery history', async () => {
    const user = userEvent.setup();
    renderWithApp(<IntegrationScreen />, { path: '/parceiro/integracao' });
    await user.type(await screen.findByRole('textbox', { name: /Endereço/ }), 'https://meu.example/hook');
    await user.click(screen.getByRole('checkbox', { name: 'Venda excluída (estorno)' }));
    await user.click(screen.getByRole('button', { name: 'Cadastrar webhook' }));
    await waitFor(() => expect(api.calls('POST', '/v1/webhooks')).toHaveLength(1));
    expect(api.bodyOf('POST', '/v1/webhooks')).toEqual({
      url: 'https://meu.example/hook',
      eventos: ['venda.criada', 'venda.estornada'],
      id_estabelecimento: 1,
    });
    expect(await screen.findByTestId('segredo-mostrado')).toHaveTextContent('whsec_segredo-de-teste');

    await user.click(screen.getByRole('button', { name: 'Histórico de entregas' }));
    const table = await screen.findByRole('table', { name: /Últimas entregas/ });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Venda registrada');
    expect(row).toHaveTextContent('Entregue');
    expect(row).toHaveTextContent('200');
  });

  it('refuses a URL that is not https before asking the server', async () => {
    const user = userEvent.setup();
    renderWithApp(<IntegrationScreen />, { path: '/parceiro/integracao' });
    await user.type(await screen.findByRole('textbox', { name: /Endereço/ }), 'http://meu.example/hook');
    await user.click(screen.getByRole('button', { name: 'Cadastrar webhook' }));
    expect(await screen.findByText('Informe um endereço que comece com https://')).toBeInTheDocument();
    expect(api.calls('POST', '/v1/webhooks')).toHaveLength(0);
  });

  it('says when the keys cannot be loaded', async () => {
    routes['GET /v1/parceiro/chaves'] = () => jsonResponse(500, { erro: 'falhou' });
    renderWithApp(<IntegrationScreen />, { path: '/parceiro/integracao' });
    expect(await screen.findByText('Não foi possível carregar suas chaves.')).toBeInTheDocument();
  });
});

describe('AdminWebhooksScreen (issue 39)', () => {
  it('registers a city-wide hook: no shop to choose, every event offered', async () => {
    setSession(testSession({ admin: true }));
    const user = userEvent.setup();
    renderWithApp(<AdminWebhooksScreen />, { path: '/admin/webhooks' });
    expect(screen.queryByRole('combobox', { name: 'Estabelecimento' })).not.toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: /Endereço/ }), 'https://cidade.example/hook');
    await user.click(screen.getByRole('checkbox', { name: 'Apuração apurada' }));
    await user.click(screen.getByRole('button', { name: 'Cadastrar webhook' }));
    await waitFor(() => expect(api.calls('POST', '/v1/webhooks')).toHaveLength(1));
    expect(api.bodyOf('POST', '/v1/webhooks')).toEqual({
      url: 'https://cidade.example/hook',
      eventos: ['venda.criada', 'apuracao.apurada'],
    });
  });

  it('has one "Webhooks" heading: the page\'s', async () => {
    setSession(testSession({ admin: true }));
    renderWithApp(<AdminWebhooksScreen />, { path: '/admin/webhooks' });
    await screen.findByRole('textbox', { name: /Endereço/ });
    expect(screen.getAllByRole('heading', { name: 'Webhooks' })).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Webhooks' })).toBeInTheDocument();
  });

  it('shows the admin a hook whose partner lost the shop as inativo (issue 52)', async () => {
    setSession(testSession({ admin: true }));
    routes['GET /v1/webhooks'] = () =>
      jsonResponse(200, [
        hook,
        { ...hook, id_webhook: 5, url: 'https://antigo.example/x', situacao: 'inativo' },
      ]);
    renderWithApp(<AdminWebhooksScreen />, { path: '/admin/webhooks' });
    const list = await screen.findByRole('list', { name: 'Webhooks cadastrados' });
    const [active, inactive] = within(list).getAllByRole('listitem');
    expect(active).not.toHaveTextContent('Inativo');
    expect(inactive).toHaveTextContent('Inativo');
    expect(inactive).toHaveTextContent('nenhum evento é enviado');
  });

  it('refuses a too-long URL and no event at once, under their fields, in written Portuguese', async () => {
    setSession(testSession({ admin: true }));
    const user = userEvent.setup();
    renderWithApp(<AdminWebhooksScreen />, { path: '/admin/webhooks' });
    const url = await screen.findByRole('textbox', { name: /Endereço/ });
    await user.click(url);
    await user.paste(`https://cidade.example/${'a'.repeat(500)}`);
    await user.click(screen.getByRole('checkbox', { name: 'Venda registrada' }));
    await user.click(screen.getByRole('button', { name: 'Cadastrar webhook' }));
    expect(await findFieldRefusal(document.body, 'Use no máximo 500 caracteres')).toBe(url);
    expect(url).toHaveFocus();
    expect(await screen.findByText('Escolha ao menos um evento.')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/esperava|Grande demais|url:/);
    expect(api.calls('POST', '/v1/webhooks')).toHaveLength(0);
  });
});

describe('KeysSection', () => {
  it('refuses a blank name and no shop at once, each under its field, the name focused', async () => {
    setSession(
      testSession({ parceiro: true, estabelecimentos: { '1': 'Padaria Bella Vista', '2': 'Empório' } }),
    );
    const user = userEvent.setup();
    renderWithApp(<IntegrationScreen />, { path: '/parceiro/integracao' });
    await user.click(await screen.findByRole('button', { name: 'Criar chave' }));
    expect(await findFieldRefusal(document.body, 'Dê um nome à chave.')).toHaveFocus();
    await findFieldRefusal(document.body, 'Escolha o estabelecimento.');
    expect(api.calls('POST', '/v1/parceiro/chaves')).toHaveLength(0);
  });
});
