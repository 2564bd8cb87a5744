import {
  APPOINTMENT_MESSAGES,
  appointmentSettingsBody,
  appointmentSettingsResponse,
  CORE_VACCINES_SAVED,
  coreVaccinesBody,
  coreVaccinesResponse,
  STAY_SETTINGS_SAVED,
  staySettingsBody,
  staySettingsResponse,
  toPaise,
  toRupees,
  WALLET_MESSAGES,
  walletSettingsBody,
  walletSettingsResponse,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import {
  appointmentSettings,
  coreVaccines,
  setAppointmentSettings,
  setCoreVaccines,
  setStaySettings,
  setWalletMaxTopUp,
  staySettings,
  walletMaxTopUpPaise,
} from './settings.service.ts';

/**
 * Settings: the core vaccines of the admission rule (read by staff, changed by admins on the Prices screen), and the
 * wallet's largest top-up.
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/settings/core-vaccines',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['settings'],
        summary: 'The core vaccines of the boarding admission rule (default Rabies and DHPP)',
        response: { 200: coreVaccinesResponse },
      },
    },
    async () => ({ success: true as const, names: await coreVaccines(ctx.db) }),
  );

  app.put(
    '/admin/core-vaccines',
    {
      onRequest: app.authAdmin(),
      schema: {
        tags: ['admin'],
        summary:
          'Replace the core vaccines (1 to 10 unique names, any case). A record whose name contains a core name covers it. Audited.',
        body: coreVaccinesBody,
        response: { 200: coreVaccinesResponse },
      },
    },
    async (req) => ({
      success: true as const,
      message: CORE_VACCINES_SAVED,
      names: await setCoreVaccines(ctx.db, principal(req), req.body.names),
    }),
  );

  app.get(
    '/settings/wallet',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['settings'],
        summary: 'The wallet settings: the largest top-up in rupees (default ₹1,00,000)',
        response: { 200: walletSettingsResponse },
      },
    },
    async () => ({ success: true as const, maxTopUp: toRupees(await walletMaxTopUpPaise(ctx.db)) }),
  );

  app.put(
    '/settings/wallet',
    {
      onRequest: app.authAdmin(),
      schema: {
        tags: ['admin'],
        summary: 'Set the largest wallet top-up (rupees). Audited.',
        body: walletSettingsBody,
        response: { 200: walletSettingsResponse },
      },
    },
    async (req) => ({
      success: true as const,
      message: WALLET_MESSAGES.settingsSaved,
      maxTopUp: toRupees(await setWalletMaxTopUp(ctx.db, principal(req), toPaise(req.body.maxTopUp))),
    }),
  );

  app.get(
    '/settings/stays',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['settings'],
        summary:
          'How stays are counted (calendar days or nights with a check-out time), the longest half day, the free cancellation window of reservations, and the existing client switch-over settings',
        response: { 200: staySettingsResponse },
      },
    },
    async () => ({ success: true as const, settings: await staySettings(ctx.db) }),
  );

  app.put(
    '/settings/stays',
    {
      onRequest: app.authAdmin(),
      schema: {
        tags: ['admin'],
        summary: 'Change some of the stay settings; the others stay. Audited.',
        body: staySettingsBody,
        response: { 200: staySettingsResponse },
      },
    },
    async (req) => ({
      success: true as const,
      message: STAY_SETTINGS_SAVED,
      settings: await setStaySettings(ctx.db, principal(req), req.body),
    }),
  );

  app.get(
    '/settings/appointments',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['settings'],
        summary:
          'Online appointments: the slot table, places per service per slot, pickup vehicles per slot, the pickup fare rule and the owner’s full-refund window (hours before the slot)',
        response: { 200: appointmentSettingsResponse },
      },
    },
    async () => ({ success: true as const, settings: await appointmentSettings(ctx.db) }),
  );

  app.put(
    '/settings/appointments',
    {
      onRequest: app.authAdmin(),
      schema: {
        tags: ['admin'],
        summary: 'Change some of the appointment settings; the others stay. Audited.',
        body: appointmentSettingsBody,
        response: { 200: appointmentSettingsResponse },
      },
    },
    async (req) => ({
      success: true as const,
      message: APPOINTMENT_MESSAGES.settingsSaved,
      settings: await setAppointmentSettings(ctx.db, principal(req), req.body),
    }),
  );
};
