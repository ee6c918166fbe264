import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { jsonResponse } from '@/test/render';
import { NOTICES_TITLE, NoticesModal, resetNoticesShown } from './notices-modal';

const avisos = [
  {
    id_aviso: 1,
    cod_cidade: 1,
    type: 'M',
    title: 'Feira',
    body: 'Sábado',
    image: '',
    validade: '2027-01-01',
  },
];

/**
 * The app's providers as a browser runs them: Mantine's real transitions (not its test mode,
 * which shows a popup at once), so the popup is still hidden when its focus trap starts.
 */
function Browserlike({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider theme={{ ...theme, respectReducedMotion: false }}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

beforeEach(() => {
  resetNoticesShown();
  // A browser paints the next frame some milliseconds after a zero timer runs.
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation(
    (step) => window.setTimeout(() => step(performance.now()), 20) as unknown as number,
  );
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => window.clearTimeout(id));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, avisos)),
  );
});

afterEach(() => {
  // Unmount while the frame stand-ins are still in place: Mantine's transition cancels its
  // pending frame with them. Restored first, a frame queued as a timer outlived the test and
  // ran after the test environment was gone ('window is not defined', seen on a busy CI host).
  cleanup();
  vi.restoreAllMocks();
});

describe('the notices popup holds the focus', () => {
  it('takes the focus when it opens, Tab stays inside, and closing gives the focus back', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Antes</button>
        <NoticesModal codCidade={1} viewer="9" />
        <button type="button">Depois</button>
      </>,
      { wrapper: Browserlike },
    );
    const before = screen.getByRole('button', { name: 'Antes' });
    before.focus();
    const dialog = await screen.findByRole('dialog', { name: NOTICES_TITLE });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(before).toHaveFocus());
  });
});
