import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { shopFixture } from '@/features/establishments/components/shop-fixtures';
import { jsonResponse, renderWithApp } from '@/test/render';
import { mockApi, type MockApi } from '@/test/mock-api';
import { ShopsSection } from './shops-section';

/** The server's pick of the day, already shuffled (decision 042). */
const pick = Array.from({ length: 24 }, (_, i) =>
  shopFixture({ id_estabelecimento: 100 - i, nome: `Loja ${String.fromCharCode(90 - i)}` }),
);

/** embla watches its slides with one; jsdom has none. */
class NoIntersectionObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

let api: MockApi;
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', NoIntersectionObserver);
  api = mockApi({ 'GET /v1/estabelecimentos/vitrine': () => jsonResponse(200, pick) });
});

describe("the home's shops", () => {
  it("asks for the city's pick of the day, not the whole list, and shows it in the server's order", async () => {
    renderWithApp(<ShopsSection codCidade={3548500} />);
    const carousel = await screen.findByRole('region', { name: 'Estabelecimentos participantes' });
    const slides = within(carousel).getAllByRole('group');
    // Every slide is mounted: no window.
    expect(slides).toHaveLength(24);
    expect(slides[0]).toHaveAccessibleName('1 de 24');
    expect(within(slides[0]).getByRole('button')).toHaveTextContent('Loja Z');
    expect(within(slides[23]).getByRole('button')).toHaveTextContent('Loja C');
    const calls = api.requests('GET', '/v1/estabelecimentos/vitrine');
    expect(calls).toHaveLength(1);
    expect(calls[0].url.searchParams.get('cod_cidade')).toBe('3548500');
    expect(api.calls('GET', '/v1/estabelecimentos')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Buscar estabelecimentos' })).toHaveAttribute(
      'href',
      '/meu/participantes',
    );
  });

  it('waits while the home holds it (the notices popup first)', async () => {
    renderWithApp(<ShopsSection codCidade={3548500} enabled={false} />);
    expect(await screen.findByText('Carregando estabelecimentos…')).toBeInTheDocument();
    expect(api.calls('GET', '/v1/estabelecimentos/vitrine')).toHaveLength(0);
  });

  it('says so when the city has no shops', async () => {
    api = mockApi({ 'GET /v1/estabelecimentos/vitrine': () => jsonResponse(200, []) });
    renderWithApp(<ShopsSection codCidade={3548500} />);
    expect(await screen.findByText('Nenhum estabelecimento participante ainda.')).toBeInTheDocument();
  });

  it('shows the error with a retry that loads again', async () => {
    let fail = true;
    api = mockApi({
      'GET /v1/estabelecimentos/vitrine': () =>
        fail ? jsonResponse(500, { erro: 'Banco fora do ar' }) : jsonResponse(200, pick),
    });
    const user = userEvent.setup();
    renderWithApp(<ShopsSection codCidade={3548500} />);
    expect(await screen.findByText('Banco fora do ar')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('region', { name: 'Estabelecimentos participantes' })).toBeInTheDocument();
  });
});
