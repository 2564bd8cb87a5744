/**
 * Setup of the `web` vitest project (happy-dom): Testing Library's DOM matchers, the MSW server every test
 * file shares (a request no handler answers fails the test), a clean DOM, toasts, storage and handlers after each test,
 * and the browser APIs Mantine uses that happy-dom lacks.
 */
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

// Mantine reads the colour scheme and breakpoints through matchMedia, and measures with ResizeObserver.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) => {
    const list: MediaQueryList = Object.assign(new EventTarget(), {
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
    });
    return list;
  };
}
if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// Textarea's autosize listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });
}
// Mantine's Combobox scrolls the selected option into view.
if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => {};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  // Toasts live in a module-wide store: one test's must not show in the next.
  notifications.clean();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  // Test files share their modules (the web project runs without isolation, vitest.config.ts): the signed-in state
  // kept by lib/auth.ts is read again, as another tab's logout would make it.
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
});
afterAll(() => server.close());
