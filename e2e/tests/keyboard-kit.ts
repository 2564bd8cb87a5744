import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Keyboard-only driving for keyboard.spec.ts: move the focus with Tab / Shift+Tab until an element has it, check
 * that the focus is visible, and check that a dialog keeps the focus inside it.
 */

/** A short description of the focused element: tag, role, accessible name (or label, or text), for messages. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '<body>';
    const input = el as HTMLInputElement;
    const labelled = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelled
        ? labelled
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : null) ??
      (input.labels?.[0]?.textContent || null) ??
      el.textContent ??
      '';
    const role = el.getAttribute('role');
    const type = el.tagName === 'INPUT' ? `[${input.type}]` : '';
    return `${el.tagName.toLowerCase()}${type}${role ? `(${role})` : ''} "${name.replace(/\s+/g, ' ').trim().slice(0, 50)}"`;
  });
}

/** Whether the element is the focused one (inside shadow roots too, as Playwright's toBeFocused). */
const hasFocus = (target: Locator) =>
  target.evaluate((el) => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return el === active;
  });

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, at most `max` times; fails listing every element
 * that got the focus on the way. The target must be in the page already (it is waited for, not tabbed to blindly).
 */
export async function tabTo(page: Page, target: Locator, { max = 30, back = false }: { max?: number; back?: boolean } = {}) {
  await target.waitFor({ state: 'attached' });
  if (await hasFocus(target)) return;
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await hasFocus(target)) return;
    path.push(await describeFocus(page));
  }
  throw new Error(
    `${target} never got the focus after ${max} × ${back ? 'Shift+Tab' : 'Tab'}; the focus went: ${path.join(' → ')}`,
  );
}

/** Tabs to `target` and presses `key` (Enter by default; Space for checkboxes, switches and radios). */
export async function activate(page: Page, target: Locator, key = 'Enter', opts?: { max?: number; back?: boolean }) {
  await tabTo(page, target, opts);
  await page.keyboard.press(key);
}

/** Tabs to a text field, selects what it holds and types `text` over it. */
export async function typeInto(page: Page, target: Locator, text: string, opts?: { max?: number; back?: boolean }) {
  await tabTo(page, target, opts);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/**
 * The focused element shows that it has the focus: an outline (Mantine's focus ring on buttons and links), a box
 * shadow, or a border in the brand colour (Mantine's inputs); for a visually hidden input (a chip, a segmented
 * control) the same on the label or the element that draws it.
 */
export async function expectFocusVisible(page: Page) {
  // Mantine's inputs fade their border to the brand colour (a 100 ms transition): look again until it is there.
  let found = { ok: false, why: '' };
  for (let i = 0; i < 10 && !found.ok; i++) {
    if (i) await page.waitForTimeout(60);
    found = await focusShows(page);
  }
  expect(found.ok, `the focus is not visible on ${await describeFocus(page)}: ${found.why}`).toBe(true);
}

function focusShows(page: Page): Promise<{ ok: boolean; why: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: false, why: 'nothing has the focus' };
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.appendChild(probe);
    const brand = getComputedStyle(probe).color;
    probe.remove();
    const shows = (node: Element) => {
      const s = getComputedStyle(node);
      if (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0)
        return `outline ${s.outlineWidth} ${s.outlineStyle}`;
      if (s.boxShadow && s.boxShadow !== 'none') return `box-shadow ${s.boxShadow}`;
      if (s.borderTopStyle !== 'none' && Number.parseFloat(s.borderTopWidth) > 0 && s.borderTopColor === brand)
        return `border ${s.borderTopColor}`;
      return null;
    };
    const input = el as HTMLInputElement;
    const candidates: Element[] = [el];
    if (input.labels) candidates.push(...Array.from(input.labels));
    if (el.nextElementSibling) candidates.push(el.nextElementSibling);
    if (el.parentElement) candidates.push(el.parentElement);
    for (const c of candidates) {
      const how = shows(c);
      if (how) return { ok: true, why: how };
    }
    const s = getComputedStyle(el);
    return {
      ok: false,
      why: `${el.tagName.toLowerCase()} ${el.className}: outline ${s.outlineStyle} ${s.outlineWidth}, box-shadow ${s.boxShadow}, border ${s.borderTopColor}`,
    };
  });
}

/**
 * The focus stays inside `dialog` while Tab is pressed `presses` times (and Shift+Tab as often): Mantine's modals
 * trap it. Answers the focused element's description after each press, for messages.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator, presses = 12) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((d) => d.contains(document.activeElement));
      expect(inside, `${key} ×${i + 1} took the focus out of the dialog to ${await describeFocus(page)}`).toBe(true);
    }
  }
}
