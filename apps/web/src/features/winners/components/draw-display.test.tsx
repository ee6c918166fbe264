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

  it("shows SORTEANDO… while drawing, with codes of the campaign's real range rolling under it, hidden from screen readers", () => {
    allowMotion();
    vi.useFakeTimers();
    // Coupons 000-00030 to 000-00034 (stored numbers 31 to 35): nothing else may flash.
    render(<DrawDisplay phase="drawing" range={{ min: 31, max: 35 }} />, { wrapper: TestProviders });
    expect(live()).toHaveTextContent(/^SORTEANDO…$/);
    expect(live()).toBeVisible();
    const inRange = ['000-00030', '000-00031', '000-00032', '000-00033', '000-00034'];
    const seen = new Set<string>([underline()?.textContent ?? '']);
    for (let i = 0; i < 40; i += 1) {
      act(() => vi.advanceTimersByTime(DRAW_FLICKER_MS));
      seen.add(underline()?.textContent ?? '');
    }
    for (const code of seen) expect(inRange).toContain(code);
    expect(seen.size).toBeGreaterThan(1);
    expect(live()).toHaveTextContent(/^SORTEANDO…$/);
  });

  it('rolls nothing while the range is unknown or the campaign has no coupons: no invented series', () => {
    allowMotion();
    vi.useFakeTimers();
    const { rerender } = render(<DrawDisplay phase="drawing" />, { wrapper: TestProviders });
    act(() => vi.advanceTimersByTime(DRAW_FLICKER_MS * 3));
    expect(underline()?.textContent?.trim()).toBe('');
    rerender(<DrawDisplay phase="drawing" range={null} />);
    act(() => vi.advanceTimersByTime(DRAW_FLICKER_MS * 3));
    expect(underline()?.textContent?.trim()).toBe('');
    // The range arrives while drawing: the show starts.
    rerender(<DrawDisplay phase="drawing" range={{ min: 1, max: 1 }} />);
    act(() => vi.advanceTimersByTime(DRAW_FLICKER_MS));
    expect(underline()?.textContent).toBe('000-00000');
  });

  it('with reduced motion shows a steady SORTEANDO… and no digits', () => {
    vi.useFakeTimers();
    render(<DrawDisplay phase="drawing" />, { wrapper: TestProviders });
    expect(live()).toHaveTextContent(/^SORTEANDO…$/);
    act(() => vi.advanceTimersByTime(DRAW_FLICKER_MS * 5));
    expect(live()).toHaveTextContent(/^SORTEANDO…$/);
    expect(underline()?.textContent?.trim()).toBe('');
  });

  it("makes codes of the range only, as série-número, across a series' end", () => {
    expect(randomCouponCode({ min: 1, max: 3 }, () => 0)).toBe('000-00000');
    expect(randomCouponCode({ min: 1, max: 3 }, () => 0.999)).toBe('000-00002');
    expect(randomCouponCode({ min: 100_000, max: 100_001 }, () => 0)).toBe('000-99999');
    expect(randomCouponCode({ min: 100_000, max: 100_001 }, () => 0.99)).toBe('001-00000');
    expect(randomCouponCode({ min: 7, max: 7 }, () => 0.5)).toBe('000-00006');
  });
});
