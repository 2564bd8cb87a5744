import { type AppointmentSettings, DEFAULT_APPOINTMENT_SETTINGS } from '@pawdesk/shared';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { AppointmentSettingsCard } from './AppointmentSettingsCard';

const TYPES = [
  { code: 'GRM', purpose: 'Grooming' },
  { code: 'HST', purpose: 'Hostel' },
];

function mockSettings() {
  const puts: unknown[] = [];
  let current: AppointmentSettings = structuredClone(DEFAULT_APPOINTMENT_SETTINGS);
  server.use(
    http.get('/api/v1/settings/appointments', () => HttpResponse.json({ success: true, settings: current })),
    http.put('/api/v1/settings/appointments', async ({ request }) => {
      const body = (await request.json()) as Partial<AppointmentSettings>;
      puts.push(body);
      current = { ...current, ...body };
      return HttpResponse.json({ success: true, message: 'Appointment settings saved', settings: current });
    }),
  );
  return puts;
}

describe('the appointment settings card', () => {
  it('a fare field: its error from the shared schema, cleared as it is typed; Save sends only what changed', async () => {
    const puts = mockSettings();
    const { user } = renderWithProviders(<AppointmentSettingsCard types={TYPES} />);
    const longest = await screen.findByRole('textbox', { name: 'Longest (km)' });
    await user.clear(longest);
    await user.click(screen.getByRole('button', { name: 'Save appointment settings' }));
    expect(puts).toEqual([]);
    expect(longest).toHaveAttribute('aria-invalid', 'true');
    await user.type(longest, '25');
    expect(longest).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save appointment settings' }));
    await waitFor(() => expect(puts).toEqual([{ pickupFare: { ...DEFAULT_APPOINTMENT_SETTINGS.pickupFare, maxKm: 25 } }]));
    expect(await screen.findByText('Appointment settings saved')).toBeInTheDocument();
  });

  it('Reset puts back the saved settings', async () => {
    mockSettings();
    const { user } = renderWithProviders(<AppointmentSettingsCard types={TYPES} />);
    const base = await screen.findByRole('textbox', { name: 'Base fare' });
    await user.clear(base);
    await user.type(base, '900');
    await user.click(screen.getByRole('button', { name: /Reset/ }));
    expect((base as HTMLInputElement).value).toMatch(/^500(\.00)?$/);
  });
});
