/**
 * A deploy replaced the app's files while it was open: its old code chunks now answer 404
 * (issue 51). Reload once into the new version instead of showing the error page: at most once
 * per build (a `sessionStorage` flag named by this build's entry URL, so never a loop), after
 * fetching the page past every cache (`cache: 'reload'`; sw.js caches nothing).
 */
const KEY = 'praca-recarregou';
/** Windows already reloading (a render may ask twice before the page goes). */
const pending = new WeakSet<Window>();

/** Reloads unless this build already did; true when it does. */
export function reloadOnce(build = import.meta.url, w: Window = window): boolean {
  if (pending.has(w)) return true;
  try {
    if (w.sessionStorage.getItem(KEY) === build) return false;
    w.sessionStorage.setItem(KEY, build);
  } catch {
    return false;
  }
  pending.add(w);
  const reload = () => w.location.reload();
  w.fetch(w.location.href, { cache: 'reload' }).then(reload, reload);
  return true;
}

/** A failed `import()` of a chunk, in Chromium, Firefox or Safari words. */
export const isChunkError = (e: unknown): boolean =>
  /dynamically imported module|Importing a module script failed|Unable to preload/i.test(String(e));
