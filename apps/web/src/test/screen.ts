/** The screen width media queries see in tests: 'wide' (desktop) or 'phone' (360 px). */
let size: 'wide' | 'phone' = 'wide';

export const screenSize = () => size;

export function setScreen(next: 'wide' | 'phone'): void {
  size = next;
}
