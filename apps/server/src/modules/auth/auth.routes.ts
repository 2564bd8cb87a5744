import {
  AUTH_MSG,
  authSessionsResponse,
  authUser,
  changePasswordBody,
  changePasswordResponse,
  forgotPasswordBody,
  idParams,
  loginBody,
  loginResponse,
  okSchema,
  resetPasswordBody,
  signupBody,
} from '@pawdesk/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { principal } from '../../plugins/auth.ts';
import { enqueueEmails } from '../notifications/notifications.service.ts';
import { customerOwnerOf } from '../pets/customer-owner.service.ts';
import { createAccount, findUserById, login, toAuthUser, type UserRow } from './auth.service.ts';
import { addressKey, countOrRefuse, emailKey, LoginThrottle, TooManyAttempts } from './login-throttle.ts';
import {
  changePassword,
  endOwnSession,
  issueReset,
  listSessions,
  logoutEverywhere,
  RESET_MINUTES,
  resetPassword,
  startSession,
  sweepSessions,
} from './sessions.service.ts';

/** Failed sign-ins are counted for 15 minutes. */
const FAILURE_WINDOW_SECONDS = 15 * 60;
/** Password-reset requests: per email and per address, in 15 minutes. */
export const FORGOT_LIMITS = { perEmail: 3, perAddress: 20, windowSeconds: 15 * 60 };
/** The forgot-password answer never comes sooner than this, account or not (no timing tells them apart). */
export const FORGOT_MIN_MS = 400;

const ok = z.object({ success: z.literal(true), message: z.string() });

/** Sends Retry-After with a 429 of the database throttles. */
async function withRetryAfter<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof TooManyAttempts) reply.header('retry-after', String(err.retryAfter));
    throw err;
  }
}

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const limit = config.loginRateLimit;
  const throttle = new LoginThrottle(db, {
    perAccountAddress: limit,
    perAddress: limit * 5,
    windowSeconds: FAILURE_WINDOW_SECONDS,
  });
  const siteUrl = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
  const authUserOf = async (u: UserRow) => toAuthUser(u, u.role === 'customer' ? await customerOwnerOf(db, u.id) : undefined);

  app.post(
    '/auth/signup',
    {
      schema: { tags: ['auth'], summary: 'Create a customer account', body: signupBody, response: { 201: okSchema } },
      // A burst limit in this process; the real limit is counted in the database per address (all instances).
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      await withRetryAfter(reply, () =>
        countOrRefuse(
          db,
          [{ key: `signup:ip:${addressKey(req.ip)}`, max: config.signupRateLimit }],
          3600,
          'Too many sign-ups from this network.',
        ),
      );
      await createAccount(db, { ...req.body, role: 'customer' });
      return reply.code(201).send({ success: true, message: 'Account created successfully! Please login to continue.' });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: { tags: ['auth'], summary: 'Sign in as staff or customer', body: loginBody, response: { 200: loginResponse } },
      // A burst limit per address in this process; the real limits are the throttle's counters in the database.
      config: { rateLimit: { max: limit * 2, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const user = await withRetryAfter(reply, () => login(db, throttle, req.body, req.ip));
      await sweepSessions(db);
      const session = await startSession(db, user.id, { ua: req.headers['user-agent'], ip: req.ip });
      const token = await app.signToken({ id: user.id, role: user.role, isAdmin: user.isAdmin, sid: session.id });
      return { success: true as const, token, user: await authUserOf(user), message: 'Login successful' };
    },
  );

  app.get(
    '/auth/me',
    {
      onRequest: app.auth(),
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: z.object({ success: z.literal(true), user: authUser }) },
      },
    },
    async (req) => {
      const user = await findUserById(db, principal(req).id);
      if (!user) throw unauthorized('Session expired or invalid. Please log in again.');
      return { success: true as const, user: await authUserOf(user) };
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.auth(),
      schema: { tags: ['auth'], summary: "Ends the caller's session (its token is refused at once)", response: { 200: ok } },
    },
    async (req) => {
      const p = principal(req);
      // A token from before sessions has no row to end: the browser forgets it (docs/decisions.md).
      if (p.sid) await endOwnSession(db, p.id, p.sid, 'logout').catch(() => undefined);
      return { success: true as const, message: AUTH_MSG.loggedOut };
    },
  );

  app.post(
    '/auth/logout-all',
    {
      onRequest: app.auth(),
      schema: { tags: ['auth'], summary: "Ends every session of the caller's account", response: { 200: ok } },
    },
    async (req) => {
      const p = principal(req);
      await logoutEverywhere(db, p.id, 'logout-all');
      app.forgetAccount(p.id);
      return { success: true as const, message: AUTH_MSG.loggedOutEverywhere };
    },
  );

  app.get(
    '/auth/sessions',
    {
      onRequest: app.auth(),
      schema: {
        tags: ['auth'],
        summary: "The caller's signed-in sessions, most recently seen first (the asking one marked current)",
        response: { 200: authSessionsResponse },
      },
    },
    async (req) => {
      const p = principal(req);
      return { success: true as const, sessions: await listSessions(db, p.id, p.sid) };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      onRequest: app.auth(),
      schema: {
        tags: ['auth'],
        summary: "Ends one of the caller's own sessions (another account's: 404)",
        params: idParams,
        response: { 200: ok },
      },
    },
    async (req) => {
      await endOwnSession(db, principal(req).id, req.params.id, 'ended');
      return { success: true as const, message: AUTH_MSG.sessionEnded };
    },
  );

  app.post(
    '/auth/change-password',
    {
      onRequest: app.auth(),
      schema: {
        tags: ['auth'],
        summary: "Changes the caller's password; the other sessions end, this one goes on with the new token",
        body: changePasswordBody,
        response: { 200: changePasswordResponse },
      },
      config: { rateLimit: { max: limit * 2, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const p = principal(req);
      const { sid } = await withRetryAfter(reply, () =>
        changePassword(db, throttle, { id: p.id, sid: p.sid, ip: req.ip, ua: req.headers['user-agent'] }, req.body),
      );
      app.forgetAccount(p.id);
      const token = await app.signToken({ ...p, sid });
      return { success: true as const, message: AUTH_MSG.passwordChanged, token };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Emails a reset link (30 minutes, single use) if the account exists; the answer is the same either way',
        body: forgotPasswordBody,
        response: { 200: ok },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const started = Date.now();
      const email = req.body.email.trim().toLowerCase();
      await withRetryAfter(reply, () =>
        countOrRefuse(
          db,
          [
            { key: `reset:ip:${addressKey(req.ip)}`, max: FORGOT_LIMITS.perAddress },
            { key: `reset:email:${emailKey(email)}`, max: FORGOT_LIMITS.perEmail },
          ],
          FORGOT_LIMITS.windowSeconds,
          'Too many password reset requests.',
        ),
      );
      await db.transaction(async (tx) => {
        const issued = await issueReset(tx, email);
        if (!issued) return;
        const { token, user } = issued;
        const owner = user.role === 'customer' ? await customerOwnerOf(tx, user.id) : undefined;
        const link = `${siteUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await enqueueEmails(tx, [
          {
            dedupeKey: `password-reset:${token.slice(0, 16)}`,
            kind: 'password-reset',
            refDate: null,
            ownerId: owner?.id ?? null,
            ownerName: user.fullName,
            toAddress: user.email,
            subject: `Reset your ${config.business.name} password`,
            body: [
              `Hello ${user.fullName},`,
              '',
              `Somebody (we hope you) asked to reset the password of your ${config.business.name} account.`,
              `Open this link within ${RESET_MINUTES} minutes to choose a new password (it works once):`,
              '',
              link,
              '',
              'Setting a new password logs your account out on every device.',
              'If you did not ask for this, ignore this email: your password stays as it is.',
            ].join('\n'),
          },
        ]);
      });
      const wait = FORGOT_MIN_MS - (Date.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      return { success: true as const, message: AUTH_MSG.forgotSent };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password from a reset link and ends every session of the account',
        body: resetPasswordBody,
        response: { 200: ok },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req) => {
      await resetPassword(db, req.body.token.trim(), req.body.password);
      return { success: true as const, message: AUTH_MSG.resetDone };
    },
  );
};
