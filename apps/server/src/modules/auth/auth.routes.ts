import { authUser, loginBody, loginResponse, okSchema, signupBody } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { principal } from '../../plugins/auth.ts';
import { findUserById } from './auth.repo.ts';
import { LoginThrottle, createAccount, login, toAuthUser } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const throttle = new LoginThrottle(ctx.config.loginRateLimit);

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
      config: { rateLimit: { max: ctx.config.loginRateLimit * 2, timeWindow: '1 minute' } },
    },
    async (req) => {
      const user = await login(db, throttle, req.body);
      const token = await app.signToken({ id: user.id, role: user.role, isAdmin: user.isAdmin });
      return { success: true as const, token, user: await toAuthUser(db, user), message: 'Login successful' };
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
      if (!user) throw notFound('User');
      return { success: true as const, user: await toAuthUser(db, user) };
    },
  );
};
