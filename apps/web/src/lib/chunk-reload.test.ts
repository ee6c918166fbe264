import { describe, expect, it, vi } from 'vitest';
import { isChunkError, reloadOnce } from './chunk-reload';

/** A window with its own session storage, a fetch that answers and a reload to count. */
function fakeWindow(store = new Map<string, string>()) {
  const reload = vi.fn();
  const fetch = vi.fn(() => Promise.resolve(new Response('')));
  const w = {
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
    location: { href: 'https://praca.test/mapa', reload },
    fetch,
  } as unknown as Window;
  return { w, reload, fetch, store };
}

describe('reloadOnce (a deploy replaced the chunks, issue 51)', () => {
  it('reloads once per build, after fetching the page past the caches', async () => {
    const { w, reload, fetch, store } = fakeWindow();
    expect(reloadOnce('build-1', w)).toBe(true);
    // Asked again before the page goes (a second render): still reloading, once.
    expect(reloadOnce('build-1', w)).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('https://praca.test/mapa', { cache: 'reload' });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // The reloaded page (same tab, same session) of the same build failing again: no loop.
    const after = fakeWindow(store);
    expect(reloadOnce('build-1', after.w)).toBe(false);
    expect(after.reload).not.toHaveBeenCalled();
    // A newer build may reload once itself.
    expect(reloadOnce('build-2', fakeWindow(store).w)).toBe(true);
  });

  it('reloads even when the page cannot be fetched first', async () => {
    const { w, reload, fetch } = fakeWindow();
    fetch.mockReturnValueOnce(Promise.reject(new TypeError('offline')));
    expect(reloadOnce('b', w)).toBe(true);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('never reloads without session storage (it could not remember)', () => {
    const { w, reload } = fakeWindow();
    Object.defineProperty(w, 'sessionStorage', {
      get: () => {
        throw new Error('denied');
      },
    });
    expect(reloadOnce('b', w)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('knows a failed chunk import in each browser’s words', () => {
    expect(isChunkError(new TypeError('Failed to fetch dynamically imported module: https://x/a.js'))).toBe(
      true,
    );
    expect(isChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkError(new Error('Network error'))).toBe(false);
  });
});
