import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FullPageLoader, SPINNER_DELAY_MS } from './full-page-loader';

afterEach(() => vi.useRealTimers());

const spinner = (container: HTMLElement) => container.querySelector('.mantine-Loader-root');

describe('FullPageLoader (decision 031)', () => {
  it('says "Carregando…" at once and shows the spinner only once the wait passes half a second', () => {
    vi.useFakeTimers();
    const { container } = render(
      <MantineProvider env="test">
        <FullPageLoader />
      </MantineProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Carregando…');
    expect(spinner(container)).toBeNull();

    act(() => vi.advanceTimersByTime(SPINNER_DELAY_MS - 1));
    expect(spinner(container)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(spinner(container)).not.toBeNull();
    expect(spinner(container)).toHaveAttribute('aria-hidden', 'true');
  });

  it('leaves no timer behind when the page arrives first', () => {
    // Only the timers the component may use: vitest 5 fakes setImmediate too, where jsdom (31 on)
    // queues its own document tasks.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const view = render(
      <MantineProvider env="test">
        <FullPageLoader />
      </MantineProvider>,
    );
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
