import { INCIDENT_MESSAGES } from '@pawdesk/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { IncidentForm, localToIso } from './IncidentForm';

const STAY = '650000000000000000000021';

describe('IncidentForm', () => {
  it('needs a kind, what happened and the action taken; sends the stay and no time (now) when none is given', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const { user } = renderWithProviders(<IncidentForm boardingId={STAY} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Record incident' }));
    expect(await screen.findByText(INCIDENT_MESSAGES.kind)).toBeInTheDocument();
    expect(screen.getByText(INCIDENT_MESSAGES.whatHappened)).toBeInTheDocument();
    expect(screen.getByText(INCIDENT_MESSAGES.actionTaken)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.click(screen.getByRole('combobox', { name: /Kind/ }));
    await user.click(await screen.findByRole('option', { name: 'Escape attempt' }));
    await user.type(screen.getByLabelText('What happened'), 'Dug under the fence');
    await user.type(screen.getByLabelText('Action taken'), 'Fence fixed');
    await user.click(screen.getByRole('button', { name: 'Record incident' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({
      boardingId: STAY,
      kind: 'escape_attempt',
      whatHappened: 'Dug under the fence',
      actionTaken: 'Fence fixed',
      occurredAt: null,
    });
  });

  it("turns the device's local date-time into an instant", () => {
    expect(localToIso('')).toBeNull();
    expect(localToIso('2026-11-28T09:30')).toBe(new Date('2026-11-28T09:30').toISOString());
    expect(localToIso('nonsense')).toBe('invalid');
  });
});
