import type { TurismoItem } from '@praca/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/test/render';
import { TourismCard } from './tourism-card';

const item = (extra: Partial<TurismoItem> = {}): TurismoItem => ({
  id_turismo: 15,
  descricao: 'Posto de informações turísticas — Mapas gratuitos e orientação aos visitantes.',
  url_foto: '',
  url_site: '',
  ind_ativo: 'S',
  tipo: 4,
  cod_cidade: 3548500,
  latitude: null,
  longitude: null,
  validade_ate: null,
  validadeate: null,
  ...extra,
});

describe('TourismCard', () => {
  it('without a picture shows a panel of the same size with the type, and the whole description', () => {
    render(<TourismCard item={item()} />, { wrapper: TestProviders });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    const panel = screen.getByTestId('tourism-placeholder');
    expect(panel).toHaveTextContent('Uteis');
    expect(panel).toHaveAttribute('aria-hidden', 'true');
    const text = screen.getByText(item().descricao);
    // Lines break between words, not inside one (issue 35: 'informaçõe' / 's').
    expect(text.style.overflowWrap).toBe('break-word');
  });

  it('a picture that does not load gives way to the same panel', () => {
    render(<TourismCard item={item({ url_foto: 'imgtur/sumiu.png' })} />, { wrapper: TestProviders });
    fireEvent.error(screen.getByRole('img', { name: item().descricao }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByTestId('tourism-placeholder')).toHaveTextContent('Uteis');
  });
});
