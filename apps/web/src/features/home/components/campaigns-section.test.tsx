import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampanhaResumo } from '@praca/contract';
import { jsonResponse, renderWithApp } from '@/test/render';
import { mockApi, type MockApi } from '@/test/mock-api';
import { CampaignsSection } from './campaigns-section';

const campanha = (o: Partial<CampanhaResumo>): CampanhaResumo => ({
  id_campanha: 1,
  den_campanha: 'Santos Premiada',
  banner: 'imgban/santos.png',
  validade_ini: '2026-11-01',
  validade_fim: '2026-12-31',
  link: '',
  cod_cidade: 3548500,
  ...o,
});

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
  api = mockApi({
    'GET /v1/campanhas/resumo': () =>
      jsonResponse(200, [
        campanha({}),
        campanha({ id_campanha: 2, den_campanha: 'Natal', link: 'https://praca.example/natal' }),
      ]),
  });
});

describe("the home's campaigns", () => {
  it("asks for the city's campaigns without their shops (not the spec's whole list) and shows each", async () => {
    renderWithApp(<CampaignsSection codCidade={3548500} />);
    const carousel = await screen.findByRole('region', { name: 'Campanhas' });
    const slides = within(carousel).getAllByRole('group');
    expect(slides).toHaveLength(2);
    expect(within(slides[0]).getByText('Santos Premiada')).toBeInTheDocument();
    expect(within(slides[0]).getByText('De 01/11/2026 a 31/12/2026')).toBeInTheDocument();
    expect(
      within(slides[0]).getByRole('img', { name: 'Banner da campanha Santos Premiada' }),
    ).toBeInTheDocument();
    expect(within(slides[0]).queryByRole('link')).toBeNull();
    expect(within(slides[1]).getByRole('link', { name: 'Saiba mais sobre Natal' })).toHaveAttribute(
      'href',
      'https://praca.example/natal',
    );
    const calls = api.requests('GET', '/v1/campanhas/resumo');
    expect(calls).toHaveLength(1);
    expect(calls[0].url.searchParams.get('cod_cidade')).toBe('3548500');
    expect(api.calls('GET', '/v1/campanhas')).toHaveLength(0);
  });

  it('says so when the city has no campaign', async () => {
    api.routes['GET /v1/campanhas/resumo'] = () => jsonResponse(200, []);
    renderWithApp(<CampaignsSection codCidade={3548500} />);
    expect(await screen.findByText('Nenhuma campanha ativa no momento.')).toBeInTheDocument();
  });
});
