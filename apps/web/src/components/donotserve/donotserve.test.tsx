import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { signInStaff } from '../../test/refund-kit';
import { renderWithProviders } from '../../test/render';
import { server } from '../../test/server';
import { reasonError } from './reason';
import { ReasonModal } from './ReasonModal';
import { useDnsOverride } from './use-dns-override';

const signIn = signInStaff;

describe('reasonError', () => {
  it.each([
    ['', 'A reason is required'],
    ['   ', 'A reason is required'],
    ['x'.repeat(501), 'At most 500 characters (501 now)'],
    ['bell\u0007', 'Use one line of plain text'],
    ['  Bit a groomer  ', null],
    ['x'.repeat(500), null],
  ])('%j → %s', (value, expected) => {
    expect(reasonError(value)).toBe(expected);
  });
});

describe('ReasonModal', () => {
  it('refuses an empty reason inline and sends the trimmed one', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(
      <ReasonModal opened onClose={() => {}} title="Flag" label="Reason" confirmLabel="Flag do not serve" onSubmit={onSubmit} />,
    );
    await user.click(screen.getByRole('button', { name: 'Flag do not serve' }));
    expect(await screen.findByText('Reason is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), '  Bit a groomer  ');
    await user.click(screen.getByRole('button', { name: 'Flag do not serve' }));
    expect(onSubmit).toHaveBeenCalledWith('Bit a groomer');
  });

  it('an optional note (an approval) may be left empty', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(
      <ReasonModal
        opened
        onClose={() => {}}
        title="Approve"
        label="Note"
        required={false}
        confirmLabel="Approve"
        onSubmit={onSubmit}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onSubmit).toHaveBeenCalledWith('');
  });
});

/** A save that the server refuses until it carries an override, as New Visit's does. */
function Saver() {
  const dns = useDnsOverride('visit');
  const [saved, setSaved] = useState('');
  const save = (dnsOverride?: { reason: string }) =>
    api<{ message: string }>('/visit/addinquiryvisit', {
      method: 'POST',
      body: { petId: 'p', ...(dnsOverride ? { dnsOverride } : {}) },
    })
      .then((r) => setSaved(r.message))
      .catch((err) => {
        if (!dns.intercept(err, save)) setSaved(`failed: ${(err as Error).message}`);
      });
  return (
    <>
      <Button onClick={() => void save()}>Save</Button>
      <p>{saved}</p>
      {dns.element}
    </>
  );
}

const REFUSAL = 'Do not serve: Bit a groomer (flagged by Meera on 28 Nov 2026)';

function refuseWithoutOverride(seen: unknown[]) {
  server.use(
    http.post('/api/v1/visit/addinquiryvisit', async ({ request }) => {
      const body = (await request.json()) as { dnsOverride?: unknown };
      seen.push(body.dnsOverride);
      if (!body.dnsOverride)
        return HttpResponse.json(
          {
            success: false,
            message: REFUSAL,
            code: 'do_not_serve',
            doNotServe: { flagId: 'f', subject: 'pet', reason: 'Bit a groomer' },
          },
          { status: 409 },
        );
      return HttpResponse.json({ success: true, message: 'Visit saved successfully' }, { status: 201 });
    }),
  );
}

describe('useDnsOverride', () => {
  it('shows the refusal; an admin overrides for this visit with a reason and the same save is sent with it', async () => {
    signIn(true);
    const seen: unknown[] = [];
    refuseWithoutOverride(seen);
    const { user } = renderWithProviders(<Saver />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSAL);
    await user.click(screen.getByRole('button', { name: 'Override for this visit' }));
    await user.type(screen.getByRole('textbox', { name: /Reason for the override/ }), 'Manager approved');
    await user.click(screen.getByRole('button', { name: 'Override and save' }));
    expect(await screen.findByText('Visit saved successfully')).toBeInTheDocument();
    expect(seen).toEqual([undefined, { reason: 'Manager approved' }]);
  });

  it('a staff member sees the reason and no override', async () => {
    signIn(false);
    const seen: unknown[] = [];
    refuseWithoutOverride(seen);
    const { user } = renderWithProviders(<Saver />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSAL);
    expect(screen.queryByRole('button', { name: 'Override for this visit' })).not.toBeInTheDocument();
    expect(seen).toHaveLength(1);
  });

  it('leaves any other error to the form', async () => {
    signIn(true);
    server.use(
      http.post('/api/v1/visit/addinquiryvisit', () =>
        HttpResponse.json({ success: false, message: 'Pet already boarded' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<Saver />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('failed: Pet already boarded')).toBeInTheDocument();
  });
});
