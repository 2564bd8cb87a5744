import { matchPath, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/**
 * The every-route browser suite (e2e/tests/every-route.spec.ts) visits the routes of e2e/tests/route-table.ts. This
 * test holds that list to the router, so a route added here without a visit there fails. The list is loaded through
 * Vite's glob import: a plain import would make the e2e file part of the web's TypeScript project.
 */
type RouteRole = 'anonymous' | 'staff' | 'customer';
interface RouteCase {
  pattern: string;
  role: RouteRole;
  name: string;
  path?: (ids: Record<string, string>) => string;
  state?: (ids: Record<string, string>) => Record<string, unknown>;
  notFound?: true;
}
const modules = import.meta.glob<readonly RouteCase[]>('../../../../e2e/tests/route-table.ts', {
  eager: true,
  import: 'ROUTE_CASES',
});
const cases = Object.values(modules)[0] ?? [];

/** Every path of the route table, nested routes included. */
function routerPaths(list: RouteObject[]): string[] {
  return list.flatMap((r) => [...(r.path ? [r.path] : []), ...(r.children ? routerPaths(r.children) : [])]);
}

/** Made-up ids standing in for the demo records the browser suite fetches. */
const IDS: Record<string, string> = new Proxy({}, { get: (_t, key) => `${String(key)}-0123456789abcdef` });

describe("the every-route suite's list", () => {
  it('is loaded', () => {
    expect(Object.keys(modules)).toHaveLength(1);
    expect(cases.length).toBeGreaterThan(40);
  });

  it("holds exactly the router's paths, each once", () => {
    const listed = cases.map((c) => c.pattern);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(routerPaths(routes).sort());
  });

  it('visits the staff and customer areas as their own role, the public pages signed out', () => {
    // The public pet form is the pet owner's form (signed out it only asks to log in): visited as the owner.
    const asCustomer = new Set(['/customerpetform']);
    for (const c of cases) {
      const first = c.pattern.split('/')[1];
      const role = first === 'staff' || first === 'customer' ? first : asCustomer.has(c.pattern) ? 'customer' : 'anonymous';
      expect({ pattern: c.pattern, role: c.role }).toEqual({ pattern: c.pattern, role });
    }
  });

  it('opens a path of the pattern (its query aside), with real ids wherever the pattern has parameters', () => {
    for (const c of cases) {
      if (c.pattern.includes(':')) expect(c.path, c.pattern).toBeTypeOf('function');
      const path = (c.path ? c.path(IDS) : c.pattern).split('?')[0] ?? '';
      if (c.notFound) {
        // The catch-all: a path no other route matches.
        const others = cases.filter((o) => o !== c);
        expect(others.some((o) => matchPath({ path: o.pattern }, path))).toBe(false);
      } else {
        expect(matchPath({ path: c.pattern }, path), `${c.pattern} → ${path}`).not.toBeNull();
        expect(path).not.toMatch(/\/0{24}\b/);
      }
    }
  });

  it('names each screenshot once, in a file-name-safe way', () => {
    const names = cases.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[A-Za-z0-9-]+$/);
  });
});
