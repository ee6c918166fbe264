/**
 * Tells public/home-prefetch.js that the app's own code already runs. That script is async
 * (it must not block the page): when the app's code comes from the cache, the app starts
 * first and asks for the lists itself, and the early requests would only double them.
 */
(globalThis as { __pracaStarted?: boolean }).__pracaStarted = true;

export {};
