import { authUser, loginBody, loginResponse, okSchema, signupBody } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { principal } from '../../plugins/auth.ts';
import { customerOwnerOf } from '../pets/customer-owner.service.ts';
import { createAccount, findUserById, login, toAuthUser, type UserRow } from './auth.service.ts';
import { LoginThrottle, TooManyAttempts } from './login-throttle.ts';

/** Failed sign-ins are counted for 15 minutes. */
const FAILURE_WINDOW_SECONDS = 15 * 60;

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const limit = ctx.config.loginRateLimit;
  const throttle = new LoginThrottle(db, {
    perAccountAddress: limit,
    perAddress: limit * 5,
    windowSeconds: FAILURE_WINDOW_SECONDS,
  });
  const authUserOf = async (u: UserRow) => toAuthUser(u, u.role === 'customer' ? await customerOwnerOf(db, u.id) : undefined);

  app.post(
    '/auth/signup',
    {
      schema: { tags: ['auth'], summary: 'Create a customer account', body: signupBody, response: { 201: okSchema } },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
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
      let user: UserRow;
      try {
        user = await login(db, throttle, req.body, req.ip);
      } catch (err) {
        if (err instanceof TooManyAttempts) reply.header('retry-after', String(err.retryAfter));
        throw err;
      }
      const token = await app.signToken({ id: user.id, role: user.role, isAdmin: user.isAdmin });
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
};
