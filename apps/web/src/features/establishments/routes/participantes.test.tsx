import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EstabelecimentoPublico } from '@praca/contract';
import { shopFixture } from '../components/shop-fixtures';
import { setSession } from '@/lib/session';
import { jsonResponse, renderWithApp } from '@/test/render';
import { mockApi, type MockApi } from '@/test/mock-api';
import { Component as Participantes } from './participantes';

/** 30 shops by name, as the server orders them; the page size is 24. */
const city = Array.from({ length: 30 }, (_, i) =>
  shopFixture({ id_estabelecimento: i + 1, nome: `Loja ${String(i + 1).padStart(2, '0')}` }),
);
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The server's paging and search over `shops`. */
function busca(shops: EstabelecimentoPublico[]) {
  return (url: URL) => {
    const q = fold(url.searchParams.get('q') ?? '');
    const pagina = Number(url.searchParams.get('pagina') ?? 1);
    const limite = Number(url.searchParams.get('limite') ?? 24);
    const found = shops.filter((s) => fold(s.nome).includes(q));
    return jsonResponse(200, found.slice((pagina - 1) * limite, pagina * limite), {
      'X-Total-Count': String(found.length),
    });
  };
}

/** An IntersectionObserver the test drives: `see()` puts the observed elements on screen. */
function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  class FakeObserver {
    private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.push(this.entry);
    }
    observe(el: Element) {
      this.entry.targets.push(el);
    }
    disconnect() {
      this.entry.targets = [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return () =>
    act(() => {
      for (const o of observers) {
        const entries = o.targets.map(
          (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
        );
        if (entries.length) o.callback(entries, {} as IntersectionObserver);
      }
    });
}

let api: MockApi;

beforeEach(() => {
  setSession({
    token: 't',
    id_usuario: 1,
    nome: 'Maria',
    email: 'maria@exemplo.com',
    cod_cidade: 3548500,
    cidade: 'Santos',
    uf: 'SP',
    parceiro: false,
    admin: false,
    superadmin: false,
    estabelecimentos: {},
  });
  api = mockApi({ 'GET /v1/estabelecimentos/busca': busca(city) });
});

const names = () =>
  within(screen.getByRole('list', { name: 'Estabelecimentos participantes' }))
    .getAllByRole('button')
    .map((b) => b.querySelector('span span')?.textContent);

describe('Participantes', () => {
  it("shows the city's first page, then the next as the end of the list nears the screen", async () => {
    const see = stubIntersectionObserver();
    renderWithApp(<Participantes />, { path: '/meu/participantes' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Participantes' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Estabelecimentos participantes' });
    const first = api.requests('GET', '/v1/estabelecimentos/busca')[0].url;
    expect(first.searchParams.get('cod_cidade')).toBe('3548500');
    expect(first.searchParams.get('pagina')).toBe('1');
    expect(first.searchParams.has('q')).toBe(false);
    expect(names()).toHaveLength(24);
    expect(screen.getByText('30 estabelecimentos')).toBeInTheDocument();

    see();
    await waitFor(() => expect(names()).toHaveLength(30));
    expect(api.requests('GET', '/v1/estabelecimentos/busca')[1].url.searchParams.get('pagina')).toBe('2');
    expect(names().at(-1)).toBe('Loja 30');
    // Everything is there: no more button, no more calls.
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it("loads the next page with 'Carregar mais' (keyboard, no IntersectionObserver)", async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const user = userEvent.setup();
    renderWithApp(<Participantes />, { path: '/meu/participantes' });
    const more = await screen.findByRole('button', { name: 'Carregar mais' });
    expect(names()).toHaveLength(24);
    more.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(names()).toHaveLength(30));
  });

  it('searches on the server as the person types, accents and case aside', async () => {
    api = mockApi({
      'GET /v1/estabelecimentos/busca': busca([
        shopFixture({ id_estabelecimento: 6, nome: 'Calçados Passo Certo' }),
        shopFixture({ id_estabelecimento: 24, nome: 'Ótica Visão Clara' }),
        shopFixture({ id_estabelecimento: 1, nome: 'Padaria Bella Vista' }),
      ]),
    });
    const user = userEvent.setup();
    renderWithApp(<Participantes />, { path: '/meu/participantes' });
    await screen.findByText('3 estabelecimentos');
    await user.type(screen.getByLabelText('Buscar por nome'), 'VISAO');
    await screen.findByText('1 estabelecimento');
    expect(names()).toEqual(['Ótica Visão Clara']);
    expect(api.requests('GET', '/v1/estabelecimentos/busca').at(-1)?.url.searchParams.get('q')).toBe('VISAO');

    await user.clear(screen.getByLabelText('Buscar por nome'));
    await user.type(screen.getByLabelText('Buscar por nome'), 'xyz');
    expect(await screen.findByText('Nenhum estabelecimento encontrado')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Estabelecimentos participantes' })).not.toBeInTheDocument();
  });

  it('says so when the city has no shops', async () => {
    api = mockApi({ 'GET /v1/estabelecimentos/busca': busca([]) });
    renderWithApp(<Participantes />, { path: '/meu/participantes' });
    expect(await screen.findByText(/Nenhum estabelecimento participante ainda/)).toBeInTheDocument();
  });

  it('shows the error with a retry button that loads again', async () => {
    let fail = true;
    api = mockApi({
      'GET /v1/estabelecimentos/busca': (url) =>
        fail ? jsonResponse(500, { erro: 'Banco fora do ar' }) : busca(city)(url),
    });
    const user = userEvent.setup();
    renderWithApp(<Participantes />, { path: '/meu/participantes' });
    expect(await screen.findByText('Banco fora do ar')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByRole('list', { name: 'Estabelecimentos participantes' });
  });

  it("keeps the loaded shops when the next page fails, and 'Tentar novamente' asks for it again", async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    api = mockApi({
      'GET /v1/estabelecimentos/busca': (url) =>
        url.searchParams.get('pagina') === '2'
          ? jsonResponse(500, { erro: 'Banco fora do ar' })
          : busca(city)(url),
    });
    const user = userEvent.setup();
    renderWithApp(<Participantes />, { path: '/meu/participantes' });
    await user.click(await screen.findByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('Não foi possível carregar mais estabelecimentos.')).toBeInTheDocument();
    expect(names()).toHaveLength(24);
    api = mockApi({ 'GET /v1/estabelecimentos/busca': busca(city) });
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(names()).toHaveLength(30));
  });
});
