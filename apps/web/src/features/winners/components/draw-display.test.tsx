import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/render';
import { DRAW_FLICKER_MS, DrawDisplay, randomCouponCode } from './draw-display';

const realMatchMedia = window.matchMedia;

/** The setup asks for reduced motion; these tests may allow motion. */
function allowMotion() {
  window.matchMedia = ((query: string) => ({
    ...realMatchMedia(query),
    matches: query.includes('prefers-reduced-motion') ? false : realMatchMedia(query).matches,
  })) as typeof window.matchMedia;
}

afterEach(() => {
  window.matchMedia = realMatchMedia;
  vi.useRealTimers();
});

const live = () => screen.getByRole('status');
/** The line under the text: the rolling digits, hidden from screen readers. */
const underline = () => live().parentElement?.querySelector(':scope > [aria-hidden="true"]');

describe('DrawDisplay', () => {
  it("reads 'SORTEANDO' before a draw and the coupon after it", () => {
    const { rerender } = render(<DrawDisplay phase="idle" />, { wrapper: TestProviders });
    expect(live()).toHaveTextContent(/^SORTEANDO$/);
    expect(live()).toHaveAttribute('aria-live', 'polite');
    rerender(<DrawDisplay phase="done" codigo="001-04321" />);
    expect(live()).toHaveTextContent('Cupom sorteado: 001-04321');
  });

  it('shows SORTEANDO… while drawing, with random digits rolling under it, hidden from screen readers', () => {
    allowMotion();
    vi.useFakeTimers();
    render(<DrawDisplay phase="drawing" />, { wrapper: TestProviders });
    expect(live()).toHaveTextContent(/^SORTEANDO…$/);
    expect(live()).toBeVisible();
    expect(underline()?.textContent).toMatch(/^\d{3}-\d{5}$/);
    const seen = new Set<string>();
    for (let i = 0; i < 10; i += 1) {
      act(() => vi.advanceTimersByTime(DRAW_FLICKER_MS));
      seen.add(underline()?.textContent ?? '');
    }
    expect(seen.size).toBeGreaterThan(1);
    expect(live()).toHaveTextContent(/^SORTEANDO…$/);
  });

  it('with reduced motion shows a steady SORTEANDO… and no digits', () => {
    vi.useFakeTimers();
    render(<DrawDisplay phase="drawing" />, { wrapper: TestProviders });
    expect(live()).toHaveTextContent(/^SORTEANDO…$/);
    act(() => vi.advanceTimersByTime(DRAW_FLICKER_MS * 5));
    expect(live()).toHaveTextContent(/^SORTEANDO…$/);
    expect(underline()?.textContent?.trim()).toBe('');
  });

  it('makes codes shaped like a coupon', () => {
    expect(randomCouponCode(() => 0)).toBe('000-00000');
    expect(randomCouponCode(() => 0.999)).toBe('999-99999');
  });
});
