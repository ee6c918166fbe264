import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/render';
import { ShopCard } from './shop-card';
import { shopFixture } from './shop-fixtures';

describe('ShopCard', () => {
  it('shows the name and the shared number once', () => {
    render(<ShopCard shop={shopFixture()} onOpen={vi.fn()} />, { wrapper: TestProviders });
    const card = screen.getByRole('button', { name: /Padaria Bella Vista/ });
    expect(card).toHaveTextContent('Telefone e WhatsApp: (13) 99263-0028');
    expect(card.textContent?.match(/99263-0028/g)).toHaveLength(1);
  });

  it('shows both numbers when they differ', () => {
    render(
      <ShopCard shop={shopFixture({ telefone: '1337717137', whatsup: '13988717134' })} onOpen={vi.fn()} />,
      {
        wrapper: TestProviders,
      },
    );
    const card = screen.getByRole('button', { name: /Padaria/ });
    expect(card).toHaveTextContent('Telefone: (13) 3771-7137');
    expect(card).toHaveTextContent('WhatsApp: (13) 98871-7134');
  });

  it('is one button that opens the popup from the keyboard, with no control inside', async () => {
    const onOpen = vi.fn();
    const user = userEvent.setup();
    render(<ShopCard shop={shopFixture()} onOpen={onOpen} />, { wrapper: TestProviders });
    await user.tab();
    const card = screen.getByRole('button', { name: /Padaria/ });
    expect(card).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id_estabelecimento: 1 }));
    expect(card.querySelectorAll('button, a, input')).toHaveLength(0);
  });
});
