import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearSession } from '@/lib/session';
import { screenSize, setScreen } from './screen';

// Lazy routes load their chunk first: on a busy 2-core machine that can take over the
// default 1 s of findBy*/waitFor, which is a wait, not a failure.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that Mantine uses. The screen is wide (desktop navigation)
// and asks for reduced motion, so Mantine skips its transitions (theme.respectReducedMotion).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches:
      query.includes('prefers-reduced-motion') ||
      (query.includes('min-width') && screenSize() === 'wide') ||
      (query.includes('max-width') && screenSize() === 'phone'),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = vi.fn();
// Mantine 9's autosizing Textarea listens for web fonts loading (`document.fonts`).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: vi.fn(), removeEventListener: vi.fn(), ready: Promise.resolve() },
  });
}

afterEach(() => {
  cleanup();
  clearSession();
  localStorage.clear();
  setScreen('wide');
});
