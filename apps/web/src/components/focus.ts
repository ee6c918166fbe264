/**
 * Moving the focus to where a person has to look: the first field a refusal marked, or the
 * first control of a popup. Shared by every form and dialog (components/form-alert.tsx).
 */

/** What the keyboard can reach (disabled controls and tabindex -1 left out). */
const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** Drawn on the page: neither it nor a parent is `display: none`, nor is it `visibility: hidden`. */
function shown(el: Element): boolean {
  if (getComputedStyle(el).visibility === 'hidden') return false;
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (getComputedStyle(node).display === 'none') return false;
  }
  return true;
}

/** The element itself when the keyboard reaches it, else its first such descendant. */
function focusTarget(el: HTMLElement): HTMLElement | null {
  if (el.matches(TABBABLE)) return el;
  return [...el.querySelectorAll<HTMLElement>(TABBABLE)].find(shown) ?? null;
}

/** Scrolls an element into view where the browser can (jsdom cannot). */
export function scrollIntoView(el: Element, block: ScrollLogicalPosition = 'nearest'): void {
  if (typeof el.scrollIntoView === 'function') el.scrollIntoView({ block, inline: 'nearest' });
}

/**
 * Focuses the first shown field marked `aria-invalid="true"` inside `root` and brings it to the
 * middle of the view (a sticky header never covers it). Returns the field, or null when none is
 * marked.
 */
export function focusFirstInvalid(root: ParentNode): HTMLElement | null {
  for (const el of root.querySelectorAll<HTMLElement>('[aria-invalid="true"]')) {
    if (!shown(el)) continue;
    const target = focusTarget(el);
    if (!target) continue;
    target.focus({ preventScroll: true });
    scrollIntoView(target, 'center');
    return target;
  }
  return null;
}

/** Focuses a popup's `[data-autofocus]` element, or else its first shown control. */
export function focusFirstIn(root: HTMLElement): void {
  const auto = root.querySelector<HTMLElement>('[data-autofocus]');
  const target = auto && shown(auto) ? auto : focusTarget(root);
  target?.focus({ preventScroll: true });
}

/** The focus was lost: nothing, or the page itself, has it (e.g. its button was disabled). */
export function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement;
}
