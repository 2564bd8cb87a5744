import { screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { FollowUpCard } from './FollowUpCard';
import type { RxFormValues } from './SectionRows';

let read: (() => RxFormValues) | null = null;

/** The prescription form passes its form down as a prop (no FormProvider). */
function Harness() {
  const form = useForm<RxFormValues>({
    defaultValues: {
      customerType: 'pvtltd',
      items: [],
      tablets: [],
      mg: [],
      ml: [],
      nextFollowUp: '2099-01-10',
      followUpTime: '',
      followUpPurpose: '',
      diagnosis: '',
    } as unknown as RxFormValues,
  });
  read = form.getValues;
  return <FollowUpCard form={form} />;
}

describe('FollowUpCard: the follow-up date in Indian order (issue 18)', () => {
  it('shows and takes dd/mm/yyyy, and the form holds yyyy-MM-dd', async () => {
    const { user } = renderWithProviders(<Harness />);
    const date = screen.getByRole('textbox', { name: 'Follow-up Date' });
    expect(date).toHaveValue('10/01/2099');
    await user.clear(date);
    await user.type(date, '05/02/2099');
    expect(read?.().nextFollowUp).toBe('2099-02-05');
  });
});
