import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { phoneInput } from '@pawdesk/shared';
import { get, useFormContext } from 'react-hook-form';

/** Owner name, phone (digits only, capped at 10), optional email and address. */
export function OwnerFields({ nameField, autoFocus }: { nameField: 'ownerName' | 'name'; autoFocus?: boolean }) {
  const { register, formState } = useFormContext<Record<string, any>>();
  const err = (f: string): string | undefined => (get(formState.errors, f) as { message?: string } | undefined)?.message;
  const phone = register('phone');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      <TextInput
        label="Owner name"
        required
        autoComplete="off"
        autoFocus={autoFocus}
        {...register(nameField)}
        error={err(nameField)}
      />
      <TextInput
        label="Phone"
        required
        type="tel"
        inputMode="numeric"
        maxLength={10}
        placeholder="10-digit mobile number"
        {...phone}
        onChange={(e) => {
          e.currentTarget.value = phoneInput(e.currentTarget.value);
          return phone.onChange(e);
        }}
        error={err('phone')}
      />
      <TextInput label="Email (optional)" type="email" autoComplete="off" {...register('email')} error={err('email')} />
      <Textarea label="Address" required autosize minRows={1} maxRows={4} {...register('address')} error={err('address')} />
    </SimpleGrid>
  );
}
