import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { itemApuracao, itemInstantaneo } from './apuracao-fixtures';
import { SorteiosScreen } from './sorteios-screen';

let api: MockApi;

beforeEach(() => {
  api = mockApi({
    'GET /v1/cidades': () =>
      jsonResponse(200, [
        { cod_cidade: 3548500, cidade: 'Santos', uf: 'SP' },
        { cod_cidade: 3509502, cidade: 'Campinas', uf: 'SP' },
      ]),
    'GET /v1/apuracoes': () =>
      jsonResponse(200, [
        itemApuracao({ id_apuracao: 11, concurso: 5920, data: '2026-11-20', status: 'apurada' }),
        itemInstantaneo(),
        itemApuracao(),
      ]),
  });
});

const open = (path = '/sorteios') =>
  renderWithApp(<SorteiosScreen />, {
    path: '/sorteios',
    extraRoutes: ['/sorteios/:id', '/sorteios/instantaneo/:id'],
  }).router.navigate(path);

describe('/sorteios (issue 36)', () => {
  it('lists the session city draws newest first, each linking to its public page, without sending the token', async () => {
    setSession(testSession());
    await open();
    const list = await screen.findByRole('list', { name: 'Sorteios' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('link').textContent)).toEqual([
      'Sorteio instantâneo',
      'Apuração do concurso 5930',
      'Apuração do concurso 5920',
    ]);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/sorteios/instantaneo/77');
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', '/sorteios/12');
    expect(within(items[1]!).getByText('Agendada')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Concurso de 23/12/2026 · 1.500 bilhetes')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Apurada')).toBeInTheDocument();
    const [req] = api.requests('GET', '/v1/apuracoes');
    expect(req?.url.searchParams.get('cod_cidade')).toBe('3548500');
    expect(new Headers(req?.init?.headers).get('Authorization')).toBeNull();
  });

  it('asks a visitor without a session for the city, then lists it', async () => {
    await open();
    expect(await screen.findByText('Escolha a cidade para ver os sorteios.')).toBeInTheDocument();
    expect(api.calls('GET', '/v1/apuracoes')).toHaveLength(0);
    const select = screen.getByRole('combobox', { name: 'Cidade' });
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Campinas - SP' })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(select, '3509502');
    await screen.findByRole('list', { name: 'Sorteios' });
    expect(api.requests('GET', '/v1/apuracoes')[0]?.url.searchParams.get('cod_cidade')).toBe('3509502');
  });

  it('reads the city from ?cidade= and says when nothing was published', async () => {
    api.routes['GET /v1/apuracoes'] = () => jsonResponse(200, []);
    await open('/sorteios?cidade=3509502');
    expect(await screen.findByText('Nenhum sorteio publicado ainda')).toBeInTheDocument();
    expect(api.requests('GET', '/v1/apuracoes')[0]?.url.searchParams.get('cod_cidade')).toBe('3509502');
  });

  it('shows an opened draw no draw used as "Aberto, sem sorteio", with its seed hash (issue 49)', async () => {
    api.routes['GET /v1/apuracoes'] = () =>
      jsonResponse(200, [
        itemInstantaneo({
          id_registro: null,
          status: 'aberto',
          hash: 'cd'.repeat(32),
          qtd_bilhetes: 0,
          ganhadores: [],
          data: '2026-12-24T16:00:00.000Z',
        }),
        itemInstantaneo(),
      ]);
    await open('/sorteios?cidade=3548500');
    const list = await screen.findByRole('list', { name: 'Sorteios' });
    const [aberto, realizado] = within(list).getAllByRole('listitem');
    expect(within(aberto!).getByText('Aberto')).toBeInTheDocument();
    expect(within(aberto!).getByText(/Aberto, sem sorteio/)).toBeInTheDocument();
    expect(within(aberto!).getByText('cd'.repeat(32))).toBeInTheDocument();
    // No record page to lead to: it was never drawn.
    expect(within(aberto!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(realizado!).getByRole('link')).toHaveAttribute('href', '/sorteios/instantaneo/77');
  });

  it('shows a failed load with a retry', async () => {
    api.routes['GET /v1/apuracoes'] = () => jsonResponse(500, { erro: 'Banco fora do ar' });
    await open('/sorteios?cidade=3548500');
    expect(await screen.findByRole('alert')).toHaveTextContent('Banco fora do ar');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
