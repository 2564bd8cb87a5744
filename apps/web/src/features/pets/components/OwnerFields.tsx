import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type React from 'react';
import { useFormContext } from 'react-hook-form';
import { PhoneField } from '../../../components/PhoneField';
import { fieldProps } from '../../../lib/forms';

/** Owner name, phone (digits only, capped at 10), optional email and address. */
export function OwnerFields({ nameField, autoFocus }: { nameField: 'ownerName' | 'name'; autoFocus?: boolean }) {
  const form = useFormContext<Record<string, any>>();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      <TextInput label="Owner name" required autoComplete="off" autoFocus={autoFocus} {...fieldProps(form, nameField)} />
      <OwnerPhoneField placeholder="10-digit mobile number" />
      <TextInput label="Email (optional)" type="email" autoComplete="off" {...fieldProps(form, 'email')} />
      <Textarea label="Address" required autosize minRows={1} maxRows={4} {...fieldProps(form, 'address')} />
    </SimpleGrid>
  );
}

/** The required `phone` field of the form (cleaned as typed or pasted; see PhoneField). */
export function OwnerPhoneField({ placeholder, description }: { placeholder?: string; description?: React.ReactNode }) {
  const form = useFormContext<Record<string, any>>();
  return <PhoneField label="Phone" required placeholder={placeholder} description={description} {...fieldProps(form, 'phone')} />;
}
