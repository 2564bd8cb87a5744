import {
  createStaffBody,
  idParams,
  setPasswordBody,
  staffUserSaved,
  staffUsersQuery,
  staffUsersResponse,
  updateStaffBody,
  USERS_MSG,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { createStaff, listStaff, logoutStaff, setStaffPassword, updateStaff } from './users.service.ts';

/** Staff accounts, for admins only (`/admin/users`). */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const admin = app.authAdmin();
  const tags = ['admin'];

  app.get(
    '/admin/users',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'List staff accounts (newest first, paged)',
        querystring: staffUsersQuery,
        response: { 200: staffUsersResponse },
      },
    },
    async (req) => ({ success: true as const, ...(await listStaff(db, req.query)) }),
  );

  app.post(
    '/admin/users',
    {
      onRequest: admin,
      schema: { tags, summary: 'Create a staff account', body: createStaffBody, response: { 201: staffUserSaved } },
    },
    async (req, reply) => {
      const user = await createStaff(db, principal(req), req.body);
      return reply.code(201).send({ success: true, message: USERS_MSG.created, user });
    },
  );

  app.patch(
    '/admin/users/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Disable or enable a staff account, change its admin flag or name',
        params: idParams,
        body: updateStaffBody,
        response: { 200: staffUserSaved },
      },
    },
    async (req) => {
      const user = await updateStaff(db, principal(req), req.params.id, req.body);
      app.forgetAccount(req.params.id);
      return { success: true as const, message: USERS_MSG.updated, user };
    },
  );

  app.post(
    '/admin/users/:id/password',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Set a staff account's password (its sessions end)",
        params: idParams,
        body: setPasswordBody,
        response: { 200: staffUserSaved },
      },
    },
    async (req) => {
      const user = await setStaffPassword(db, principal(req), req.params.id, req.body.password);
      app.forgetAccount(req.params.id);
      return { success: true as const, message: USERS_MSG.passwordSet, user };
    },
  );

  app.post(
    '/admin/users/:id/logout',
    {
      onRequest: admin,
      schema: { tags, summary: 'Log a staff account out everywhere', params: idParams, response: { 200: staffUserSaved } },
    },
    async (req) => {
      const user = await logoutStaff(db, principal(req), req.params.id);
      app.forgetAccount(req.params.id);
      return { success: true as const, message: USERS_MSG.loggedOut, user };
    },
  );
};
