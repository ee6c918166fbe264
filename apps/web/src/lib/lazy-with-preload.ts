import { lazy, useEffect, type ComponentType } from 'react';

/**
 * `React.lazy` with a `preload()` that starts fetching the chunk early (on hover or focus of
 * what will open it), so the first opening does not wait for the network.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy
export function lazyWithPreload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let promise: Promise<{ default: T }> | undefined;
  const preload = () => (promise ??= load());
  return Object.assign(lazy(preload), { preload });
}

/**
 * Rendered beside a lazy dialog in the same Suspense boundary: calls `onMount` once the chunk
 * is there and the dialog has mounted. Open the dialog only then: Mantine records the element
 * to return focus to when `opened` changes, not when a dialog mounts already open.
 */
export function OnMount({ onMount }: { onMount: () => void }) {
  useEffect(() => onMount(), [onMount]);
  return null;
}
