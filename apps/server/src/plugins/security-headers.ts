import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What the pages may use of the device: the camera, for a pet's photo taken on a phone (issue 20), and payment for the
 * card checkout; every other powerful feature is off, for this site and anything it frames.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'payment=(self "https://api.razorpay.com" "https://checkout.razorpay.com")',
  ...[
    'accelerometer',
    'autoplay',
    'bluetooth',
    'display-capture',
    'geolocation',
    'gyroscope',
    'hid',
    'magnetometer',
    'microphone',
    'midi',
    'publickey-credentials-get',
    'screen-wake-lock',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ].map((f) => `${f}=()`),
].join(', ');

/**
 * Security headers on every response (helmet, and the Permissions-Policy above). The middleware is built once:
 * @fastify/helmet rebuilds it, and parses the CSP directives again, on every request.
 */
export default fp(async function securityHeaders(app: FastifyInstance, opts: HelmetOptions) {
  const setHeaders = helmet(opts);
  app.addHook('onRequest', (req, reply, done) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    setHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
});
