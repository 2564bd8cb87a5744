import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DateField } from './DateField';

function Harness({ initial = '', onValue }: { initial?: string; onValue: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="Date of birth"
        value={value}
        max="2026-11-25"
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
      />
      <button type="button" onClick={() => setValue('2024-02-29')}>
        Preset
      </button>
    </>
  );
}

describe('DateField: dd/mm/yyyy in, yyyy-MM-dd out (issue 18)', () => {
  it('shows a value in Indian order and hands a typed day-first date on as yyyy-MM-dd', async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<Harness initial="2025-09-01" onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Date of birth' });
    expect(input).toHaveValue('01/09/2025');
    expect(input).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await user.clear(input);
    await user.type(input, '03/04/2025');
    expect(onValue).toHaveBeenLastCalledWith('2025-04-03');
    await user.tab();
    expect(input).toHaveValue('03/04/2025');
  });

  it('a pasted ISO date reads back in Indian order once left; a set value shows in Indian order', async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<Harness onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Date of birth' });
    await user.click(input);
    await user.paste('2022-03-14');
    expect(onValue).toHaveBeenLastCalledWith('2022-03-14');
    await user.tab();
    expect(input).toHaveValue('14/03/2022');
    await user.click(screen.getByRole('button', { name: 'Preset' }));
    expect(input).toHaveValue('29/02/2024');
  });

  it('a date that does not exist stays as typed, for the form to refuse', async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<Harness onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Date of birth' });
    await user.type(input, '31/02/2026');
    await user.tab();
    expect(onValue).toHaveBeenLastCalledWith('31/02/2026');
    expect(input).toHaveValue('31/02/2026');
  });

  it('picks a day from the calendar', async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<Harness initial="2025-09-01" onValue={onValue} />);
    await user.click(screen.getByRole('button', { name: 'Open calendar' }));
    await user.click(await screen.findByRole('button', { name: '15 September 2025' }));
    expect(onValue).toHaveBeenLastCalledWith('2025-09-15');
    expect(screen.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('15/09/2025');
  });
});
