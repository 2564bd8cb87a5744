import { TextInput, type TextInputProps } from '@mantine/core';
import { cleanPhone } from '@pawdesk/shared';
import { forwardRef } from 'react';

/**
 * Every phone input of the app: whatever is typed or pasted is cleaned as it arrives (cleanPhone: digits only, a
 * leading 91 or 0 dropped when that leaves 10 digits, at most 10). No `maxLength`: the browser would cut a pasted
 * '+91 98123 45678' before it could be cleaned. Spread a react-hook-form registration on it, or value/onChange.
 */
export const PhoneField = forwardRef<HTMLInputElement, TextInputProps>(function PhoneField({ onChange, ...props }, ref) {
  return (
    <TextInput
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      {...props}
      ref={ref}
      onChange={(e) => {
        const cleaned = cleanPhone(e.currentTarget.value);
        if (cleaned !== e.currentTarget.value) e.currentTarget.value = cleaned;
        onChange?.(e);
      }}
    />
  );
});
