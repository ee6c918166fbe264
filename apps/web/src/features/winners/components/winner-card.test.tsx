import type { ContempladoPublico } from '@praca/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/render';
import { WinnerCard } from './winner-card';

const winner = (extra: Partial<ContempladoPublico> = {}): ContempladoPublico => ({
  id_sorteado: 1,
  id_sorteio: 34,
  id_campanha: 1,
  den_campanha: 'Santos Premiada — 1ª edição',
  banner: 'imgban/campanha-1.png',
  id_estabelecimento: 7,
  nom_estabelecimento: 'Pet Shop Amigo Fiel',
  nome_sorteado: 'Camila Rocha Araújo',
  data_sorteio: '2026-08-05',
  data_venda: null,
  dat_venda: null,
  fotos: [],
  images: [],
  ...extra,
});

const renderCard = (w: ContempladoPublico) => {
  const { container } = render(<WinnerCard winner={w} onOpen={vi.fn()} />, { wrapper: TestProviders });
  return container;
};

describe('WinnerCard', () => {
  it("shows the winner's photo when there is one", () => {
    const container = renderCard(winner({ fotos: ['users/camila-a.png'] }));
    expect(container.querySelector('img')).toHaveAttribute('src', '/img/users/camila-a.png');
    expect(screen.queryByTestId('winner-cheer')).not.toBeInTheDocument();
  });

  it('without a photo cheers the winner instead of cropping the campaign banner', () => {
    const container = renderCard(winner());
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('imgban/campanha-1.png');
    const cheer = screen.getByTestId('winner-cheer');
    expect(cheer).toHaveTextContent('Parabéns, Camila!');
    // Decorative: the card's name is the winner's, read once.
    expect(cheer).toHaveAttribute('aria-hidden', 'true');
    const name = screen.getByRole('button').textContent ?? '';
    expect(screen.getByRole('button')).toHaveAccessibleName(name.replace('Parabéns, Camila!', ''));
    expect(screen.getByRole('button')).toHaveAccessibleName(/^Camila Rocha Araújo/);
  });

  it('a photo that does not load gives way to the same cheer', () => {
    const container = renderCard(winner({ images: [{ url_foto: 'users/sumiu.png' }] }));
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('winner-cheer')).toHaveTextContent('Parabéns, Camila!');
  });
});
