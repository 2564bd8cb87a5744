import { DNS_MESSAGES, isPlainObject, parseDnsOverride } from '@pawdesk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../lib/context.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { runServeScope, type ServeScope } from './override-scope.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route sells or books for a pet or owner: a do-not-serve flag refuses it; an admin may send `dnsOverride`. */
    serveGate?: boolean;
  }
}

/**
 * The routes a do-not-serve flag refuses (docs/api.md, "Do not serve"). Listed here, not on each route, so the
 * list is one place to read and the tests walk it. Every sale path reaches `sellVisitIn`, which checks; the others
 * call `assertMayServe` themselves.
 */
export const SERVE_GATED_ROUTES: readonly string[] = [
  'POST /visit/addinquiryvisit',
  'POST /visit/adddogparkvisit',
  'POST /visit/addveterinaryvisit',
  'POST /visit/addhostelvisit',
  'POST /visit/adddaycarevisit',
  'POST /visit/adddayschoolvisit',
  'POST /visit/addplayschoolvisit',
  'POST /visit/addgroomingvisit',
  'POST /visit/addshopvisit',
  'POST /visit/addshoppingvisit',
  'POST /visit/addvisit',
  'POST /prescription/addprescription',
  'POST /subscription/buysubscription',
  'POST /customer/payment/create-order',
  'POST /packages/activate',
  'POST /customer/packages/activate',
  'POST /packages/:id/checkin',
  'POST /packages/:id/pets',
  'POST /reservations',
  'POST /reservations/:id/confirm',
  'POST /reservations/:id/check-in',
  'POST /customerappointment/createappoint',
];

/**
 * The admin's override of a do-not-serve flag for one request: on a gated route, `dnsOverride` in the body is taken
 * out before the route's schema sees it (so every body accepts it without each schema naming it), refused unless the
 * caller is an admin (403) or well-formed (400), and the handler runs in a ServeScope holding it. Registered before
 * the routes (its onRoute hook must see them); preValidation runs after the route's auth (onRequest).
 */
async function overridePlugin(app: FastifyInstance, _opts: { ctx: AppContext }) {
  const gated = new Set(SERVE_GATED_ROUTES);
  const scopes = new WeakMap<FastifyRequest, ServeScope>();
  const prefix = '/api/v1';

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const path = route.url.startsWith(prefix) ? route.url.slice(prefix.length) : route.url;
    if (!methods.some((m) => gated.has(`${m} ${path}`)) && route.config?.serveGate !== true) return;
    route.config = { ...route.config, serveGate: true };
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function gatedHandler(this: unknown, req: FastifyRequest, reply: FastifyReply) {
      const scope = scopes.get(req) ?? { principal: req.principal };
      return runServeScope(scope, () => handler.call(this as never, req, reply));
    } as RouteHandlerMethod;
  });

  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.config?.serveGate !== true) return;
    const body = req.body;
    if (!isPlainObject(body) || !Object.hasOwn(body, 'dnsOverride')) return;
    const raw = body.dnsOverride;
    delete body.dnsOverride;
    // Absent in effect: a client that always sends the field with null means no override.
    if (raw === null || raw === undefined) return;
    if (!req.principal?.isAdmin) throw forbidden(DNS_MESSAGES.overrideAdminOnly);
    const parsed = parseDnsOverride(raw);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? DNS_MESSAGES.overrideShape;
      throw badRequest(message, { 'dnsOverride.reason': message });
    }
    scopes.set(req, { principal: req.principal, override: parsed.data });
  });
}

export const dnsOverridePlugin = fp(overridePlugin, { name: 'dns-override' });
