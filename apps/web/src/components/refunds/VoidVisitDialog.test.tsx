import { REFUND_MESSAGES } from '@pawdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { queryRoots } from '../../lib/query-keys';
import { renderWithProviders } from '../../test/render';
import { mockRefundApi, VISIT_ID } from '../../test/refund-kit';
import { NO_ANSWER_VOID, VoidVisitDialog } from './VoidVisitDialog';

function Harness({ paid }: { paid: number }) {
  const [open, setOpen] = useState(true);
  return (
    <VoidVisitDialog
      visit={open ? { _id: VISIT_ID, label: 'Grooming of 1 Nov 2026, 3:05 pm', paid } : null}
      onClose={() => setOpen(false)}
    />
  );
}

function setup(paid = 700) {
  const r = renderWithProviders(<Harness paid={paid} />);
  return { ...r, invalidated: vi.spyOn(r.queryClient, 'invalidateQueries') };
}

const dialog = () => screen.findByRole('dialog', { name: 'Void visit' });
const reasonBox = (d: HTMLElement) => within(d).getByRole('textbox', { name: /Reason for voiding/ });
const voidButton = (d: HTMLElement) => within(d).getByRole('button', { name: 'Void visit' });

describe('Void visit', { timeout: 20_000 }, () => {
  it('explains what voiding does, takes a reason, voids, says so and refreshes visits and the statement', async () => {
    const posted = mockRefundApi();
    const { user, invalidated } = setup(700);
    const d = await dialog();
    expect(d).toHaveTextContent('Its charges are credited');
    expect(d).toHaveTextContent("The ₹700.00 already paid moves to the owner's unapplied balance");
    await waitFor(() => expect(reasonBox(d)).toHaveFocus());
    expect(voidButton(d)).toBeDisabled();
    await user.type(reasonBox(d), ' Entered twice ');
    await user.click(voidButton(d));

    expect(await screen.findByText('Visit voided')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([
      { path: '/visit/voidvisit', body: { visitId: VISIT_ID, reason: 'Entered twice' }, key: expect.any(String) },
    ]);
    const roots = invalidated.mock.calls.map(([f]) => f?.queryKey);
    expect(roots).toEqual(expect.arrayContaining([queryRoots.visits, queryRoots.payments]));
  });

  it('a blank reason says it is required when the field is left', async () => {
    mockRefundApi();
    const { user } = setup();
    const d = await dialog();
    await user.type(reasonBox(d), '   ');
    await user.tab();
    expect(reasonBox(d)).toHaveAccessibleDescription(REFUND_MESSAGES.reasonRequired);
    expect(voidButton(d)).toBeDisabled();
  });

  it("a refusal shows the server's message in the dialog, announced, and keeps the reason", async () => {
    const posted = mockRefundApi({
      answer: { status: 409, body: { success: false, message: REFUND_MESSAGES.alreadyVoided } },
    });
    const { user } = setup();
    const d = await dialog();
    await user.type(reasonBox(d), 'Entered twice');
    await user.click(voidButton(d));
    expect(await within(d).findByRole('alert')).toHaveTextContent('This visit is already voided');
    expect(reasonBox(d)).toHaveValue('Entered twice');
    expect(posted).toHaveLength(1);
    expect(screen.queryByText('Visit voided')).toBeNull();
  });

  it('no answer: says so, and Void again sends the same Idempotency-Key; a refusal ends the submission', async () => {
    const posted = mockRefundApi({
      answer: ['no answer', { status: 409, body: { success: false, message: REFUND_MESSAGES.deboardBeforeVoid } }],
    });
    const { user } = setup();
    const d = await dialog();
    await user.type(reasonBox(d), 'Entered twice');
    await user.click(voidButton(d));
    expect(await within(d).findByRole('alert')).toHaveTextContent(NO_ANSWER_VOID);
    await user.click(voidButton(d));
    expect(await within(d).findByRole('alert')).toHaveTextContent(REFUND_MESSAGES.deboardBeforeVoid);
    await user.click(voidButton(d));
    expect(await screen.findByText('Visit voided')).toBeInTheDocument();
    expect(posted.map((p) => p.key)).toEqual([posted[0]!.key, posted[0]!.key, expect.not.stringMatching(posted[0]!.key!)]);
  });

  it('Escape closes it without voiding', async () => {
    const posted = mockRefundApi();
    const { user } = setup();
    await dialog();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([]);
  });
});
