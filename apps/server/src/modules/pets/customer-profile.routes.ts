import { customerProfileBody, customerProfileResponse, PROFILE_MSG } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { customerProfile, saveCustomerProfile } from './customer-owner.service.ts';

/**
 * The customer's profile (issue 9): name, phone and address they keep current (the existing web client prefills
 * its customer pet form from the login user's phone and address); the email is read-only. Customer-only, always the
 * caller's own account.
 */
export const customerProfileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const customer = app.auth('customer');
  const tags = ['customer pets'];

  app.get(
    '/customer/profile',
    {
      onRequest: customer,
      schema: {
        tags,
        summary: "The caller's profile: name and email from the account, phone and address from their owner record",
        response: { 200: customerProfileResponse },
      },
    },
    async (req) => ({ success: true as const, profile: await customerProfile(ctx.db, principal(req).id) }),
  );

  app.post(
    '/customer/profile',
    {
      onRequest: customer,
      schema: {
        tags,
        summary: 'Save name, phone and address (account and owner record together); 409 when the phone is another owner’s',
        description: 'The email cannot be changed here; an `email` in the body is ignored.',
        body: customerProfileBody,
        response: { 200: customerProfileResponse },
      },
    },
    async (req) => ({
      success: true as const,
      message: PROFILE_MSG.saved,
      profile: await saveCustomerProfile(ctx.db, principal(req).id, req.body),
    }),
  );
};
