import { DEFAULT_GST_RATES } from '@pawdesk/shared';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { VisitTypeModal } from './VisitTypeModal';

describe('Edit visit type: the GST rate select', () => {
  it('offers the rates in force today (not the retired 12%) and sends only what changed', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/v1/reminders/presets', () => HttpResponse.json({ success: true, today: '2026-11-25' })),
      http.get('/api/v1/settings/gst', () =>
        HttpResponse.json({
          success: true,
          rates: DEFAULT_GST_RATES,
          business: { gstin: '', stateCode: '06', stateName: 'Haryana', upiId: '' },
        }),
      ),
      http.patch('/api/v1/admin/visit-types/:id', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, message: 'Visit type saved', visitType: type });
      }),
    );
    const type = {
      _id: '650000000000000000000021',
      code: 'grooming',
      purpose: 'Grooming',
      price: 700,
      halfdayPrice: 0,
      consultationPricePvt: 0,
      consultationPricePvtEmergency: 0,
      consultationPriceNgo: 0,
      consultationPriceNgoEmergency: 0,
      isBoarding: false,
      hasSubscription: true,
      capacity: null,
      active: true,
      sacCode: null,
      gstRate: 0,
      gstExempt: false,
      priceIncludesTax: true,
    };
    const { user } = renderWithProviders(<VisitTypeModal type={type} onClose={() => {}} />);
    const rate = await screen.findByRole('combobox', { name: 'GST rate' });
    await waitFor(() => expect(rate).toBeEnabled());
    await user.click(rate);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['0%', '5%', '18%', '40%']);
    await user.click(screen.getByRole('option', { name: '18%' }));
    await user.type(screen.getByLabelText('SAC code'), '999729');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ sacCode: '999729', gstRate: 18 });
  });
});
