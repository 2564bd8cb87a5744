import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { Controller } from 'react-hook-form';

/** Rupee amounts, grouped the Indian way. */
export const MONEY_INPUT = {
  leftSection: '₹',
  min: 0,
  decimalScale: 2,
  allowNegative: false,
  thousandSeparator: ',',
  thousandsGroupStyle: 'lakh',
} satisfies NumberInputProps;

/** Whole, non-negative counts. */
export const COUNT_INPUT = { min: 0, allowDecimal: false, allowNegative: false } satisfies NumberInputProps;

/** A number field of a react-hook-form, with its error; `props` say what it accepts and how it shows. */
export function NumberField<V extends FieldValues, B = V>({
  control,
  name,
  error,
  ...props
}: { control: Control<V, unknown, B>; name: Path<V>; error?: string } & Omit<
  NumberInputProps,
  'name' | 'error' | 'value' | 'onChange' | 'onBlur'
>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          {...props}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          error={error}
        />
      )}
    />
  );
}
