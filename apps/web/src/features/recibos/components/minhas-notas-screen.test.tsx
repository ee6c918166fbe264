import { MSG_RECIBO, RESULTADO_RECIBO, ROTULO_STATUS_RECIBO } from '@praca/contract';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { findFieldRefusal } from '@/test/form';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { entidade, recibo } from './recibo-fixtures';
import { MinhasNotasScreen, SEM_NOTAS } from './minhas-notas-screen';
import { ESCOLHA_ENTIDADE } from './doar-entidade';

let api: MockApi;

beforeEach(() => {
  setSession(testSession());
  api = mockApi({
    'GET /v1/recibos': () =>
      jsonResponse(
        200,
        [
          recibo(3, {
            status: 'sem_comprador',
            nome_estabelecimento: 'Empório Bella Vista',
            expira_em: null,
          }),
          recibo(2, { status: 'creditado', dat_emissao: '2026-11-05', valor: 120, expira_em: null }),
          recibo(1),
        ],
        { 'X-Total-Count': '3' },
      ),
    'GET /v1/entidades': () => jsonResponse(200, [entidade(5, 'Lar Esperança')]),
    'POST /v1/recibos/3/doacao': () =>
      jsonResponse(200, recibo(3, { status: 'doado', id_entidade: 5, nome_entidade: 'Lar Esperança' })),
  });
});

const render = () => renderWithApp(<MinhasNotasScreen />, { path: '/meu/notas' });
const card = (name: string) => screen.getByRole('article', { name });

describe('Minhas notas (issue 53)', () => {
  it('lists each receipt with its shop, date, value and status, newest first, and links to the scan', async () => {
    render();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando notas…');
    expect(await screen.findByText('3 notas')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Notas fiscais' })).getAllByRole('article');
    expect(items.map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Empório Bella Vista',
      'Padaria Bella Vista',
      'Padaria Bella Vista',
    ]);
    const [, creditada, pendente] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(creditada).getByText(ROTULO_STATUS_RECIBO.creditado)).toBeInTheDocument();
    expect(
      within(creditada).getByText(/Emitida em 05\/11\/2026 · R\$\s120,00 · registrada em/),
    ).toBeInTheDocument();
    expect(within(pendente).getByText(ROTULO_STATUS_RECIBO.pendente)).toBeInTheDocument();
    expect(
      within(pendente).getByText('Se a loja não informar a nota até 20/12/2026, ela expira.'),
    ).toBeInTheDocument();
    expect(within(pendente).getByText(/Chave 3526 1111 2223/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Escanear nota fiscal' })).toHaveAttribute(
      'href',
      '/meu/notas/escanear',
    );
    expect(api.requests('GET', '/v1/recibos')[0]?.url.searchParams.get('pagina')).toBe('1');
  });

  it('says the resident has no receipt yet', async () => {
    api.routes['GET /v1/recibos'] = () => jsonResponse(200, [], { 'X-Total-Count': '0' });
    render();
    expect(await screen.findByText(SEM_NOTAS)).toBeInTheDocument();
  });

  it('shows the error with a retry that asks again', async () => {
    const user = userEvent.setup();
    api.routes['GET /v1/recibos'] = () =>
      jsonResponse(500, { erro: 'Erro interno, tente novamente em instantes' });
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar as notas.');
    api.routes['GET /v1/recibos'] = () => jsonResponse(200, [recibo(1)], { 'X-Total-Count': '1' });
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('1 nota')).toBeInTheDocument();
  });

  it('pages by 20 with the total', async () => {
    const user = userEvent.setup();
    api.routes['GET /v1/recibos'] = (url) =>
      jsonResponse(200, [recibo(Number(url.searchParams.get('pagina')) * 100)], { 'X-Total-Count': '45' });
    render();
    expect(await screen.findByText('45 notas')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() =>
      expect(api.requests('GET', '/v1/recibos').map((r) => r.url.searchParams.get('pagina'))).toContain('3'),
    );
    expect(api.requests('GET', '/v1/recibos')[0]?.url.searchParams.get('limite')).toBe('20');
  });

  it('donates a receipt without a buyer to the chosen entity of the city', async () => {
    const user = userEvent.setup();
    const shown = vi.spyOn(notifications, 'show');
    render();
    await screen.findByText('3 notas');
    const semComprador = card('Empório Bella Vista');
    expect(within(semComprador).getByText(ROTULO_STATUS_RECIBO.sem_comprador)).toBeInTheDocument();
    // Only that receipt offers the donation.
    expect(screen.getAllByRole('button', { name: /^Doar a uma entidade/ })).toHaveLength(1);
    await user.click(
      within(semComprador).getByRole('button', { name: 'Doar a uma entidade: nota de Empório Bella Vista' }),
    );
    const escolha = await within(semComprador).findByLabelText('Entidade social');
    expect(escolha).toHaveFocus();
    await user.click(within(semComprador).getByRole('button', { name: 'Doar nota' }));
    await findFieldRefusal(semComprador, ESCOLHA_ENTIDADE);
    expect(api.calls('POST', '/v1/recibos/3/doacao')).toHaveLength(0);
    await user.selectOptions(escolha, 'Lar Esperança (Crianças)');
    api.routes['GET /v1/recibos'] = () =>
      jsonResponse(200, [recibo(3, { status: 'doado', nome_entidade: 'Lar Esperança', expira_em: null })], {
        'X-Total-Count': '1',
      });
    await user.click(within(semComprador).getByRole('button', { name: 'Doar nota' }));
    expect(await screen.findByText('Doada para Lar Esperança.')).toBeInTheDocument();
    expect(api.bodyOf('POST', '/v1/recibos/3/doacao')).toEqual({ id_entidade: 5 });
    expect(shown.mock.calls.map(([n]) => n.message)).toContain(RESULTADO_RECIBO.doado);
  });

  it("keeps the chooser with the server's refusal of the donation", async () => {
    const user = userEvent.setup();
    api.routes['POST /v1/recibos/3/doacao'] = () => jsonResponse(409, { erro: MSG_RECIBO.naoDoavel });
    render();
    await screen.findByText('3 notas');
    const semComprador = card('Empório Bella Vista');
    await user.click(within(semComprador).getByRole('button', { name: /Doar a uma entidade/ }));
    await user.selectOptions(
      await within(semComprador).findByLabelText('Entidade social'),
      'Lar Esperança (Crianças)',
    );
    await user.click(within(semComprador).getByRole('button', { name: 'Doar nota' }));
    expect(await within(semComprador).findByRole('alert')).toHaveTextContent(MSG_RECIBO.naoDoavel);
  });
});
