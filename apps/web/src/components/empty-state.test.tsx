import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/test/render';
import { EmptyState } from './empty-state';

describe('EmptyState (issue 35: illustrated empty states)', () => {
  it('heads the message with a decorative drawing, a shopping bag unless told', () => {
    render(<EmptyState>Nenhuma campanha ativa no momento.</EmptyState>, { wrapper: TestProviders });
    const state = screen.getByTestId('empty-state');
    expect(state).toHaveTextContent('Nenhuma campanha ativa no momento.');
    // Decorative: no name, so screen readers skip it and read the message.
    const drawing = state.querySelector('img');
    expect(drawing).toHaveAttribute('alt', '');
    expect(drawing).toHaveAttribute('data-illustration', 'sacola');
    expect(drawing?.getAttribute('src')).toMatch(/sacola\.svg/);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('draws what the message is about', () => {
    render(<EmptyState illustration="cupom">Você ainda não tem cupons.</EmptyState>, {
      wrapper: TestProviders,
    });
    expect(screen.getByTestId('empty-state').querySelector('img')?.getAttribute('src')).toMatch(/cupom\.svg/);
  });
});
