import { attendanceListResponse, dateParams, updateAttendanceBody, updateAttendanceResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { attendanceList, updateAttendance } from './attendance.service.ts';

export const attendanceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/attendance/getattendancelist/:date',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['attendance'],
        summary: 'Follow-ups scheduled on a day (yyyy-MM-dd, business time zone) with pet, owner and attendance',
        params: dateParams,
        response: { 200: attendanceListResponse },
      },
    },
    async (req) => {
      const list = await attendanceList(ctx.db, req.params.date);
      return { success: true as const, date: req.params.date, attendance: { List: list }, List: list };
    },
  );

  app.post(
    '/attendance/updateattendancelist',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['attendance'],
        summary: 'Mark follow-ups of a day present or absent; ids that are not follow-ups of that day are a 400, nothing changed',
        body: updateAttendanceBody,
        response: { 200: updateAttendanceResponse },
      },
    },
    async (req) => {
      const { list, message } = await updateAttendance(ctx, req.body, principal(req).id);
      return { success: true as const, message, date: req.body.date, attendance: { List: list }, List: list };
    },
  );
};
