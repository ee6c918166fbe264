import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/test/render';
import { CouponProgress } from './coupon-progress';

describe('CouponProgress', () => {
  it('writes the percentage once (issue 35: it was also written inside the bar)', () => {
    render(<CouponProgress saldo={0.45} />, { wrapper: TestProviders });
    expect(screen.getAllByText('45%')).toHaveLength(1);
    expect(screen.getByRole('progressbar', { name: 'Progresso para o próximo cupom' })).toHaveAttribute(
      'aria-valuenow',
      '45',
    );
  });
});
