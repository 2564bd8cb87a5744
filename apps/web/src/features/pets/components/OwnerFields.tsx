import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { phoneInput } from '@pawdesk/shared';
import { useFormContext } from 'react-hook-form';
import { errorAt, fieldProps } from '../../../lib/forms';

/** Owner name, phone (digits only, capped at 10), optional email and address. */
export function OwnerFields({ nameField, autoFocus }: { nameField: 'ownerName' | 'name'; autoFocus?: boolean }) {
  const form = useFormContext<Record<string, any>>();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      <TextInput label="Owner name" required autoComplete="off" autoFocus={autoFocus} {...fieldProps(form, nameField)} />
      <PhoneField placeholder="10-digit mobile number" />
      <TextInput label="Email (optional)" type="email" autoComplete="off" {...fieldProps(form, 'email')} />
      <Textarea label="Address" required autosize minRows={1} maxRows={4} {...fieldProps(form, 'address')} />
    </SimpleGrid>
  );
}

/** The required `phone` field of the form: digits only, at most 10. */
export function PhoneField({ placeholder }: { placeholder?: string }) {
  const { register, formState } = useFormContext<Record<string, any>>();
  const phone = register('phone');
  return (
    <TextInput
      label="Phone"
      required
      type="tel"
      inputMode="numeric"
      maxLength={10}
      placeholder={placeholder}
      {...phone}
      onChange={(e) => {
        e.currentTarget.value = phoneInput(e.currentTarget.value);
        return phone.onChange(e);
      }}
      error={errorAt(formState.errors, 'phone')}
    />
  );
}
