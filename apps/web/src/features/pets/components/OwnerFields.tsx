import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type React from 'react';
import { useFormContext } from 'react-hook-form';
import { PhoneField } from '../../../components/PhoneField';
import { fieldProps } from '../../../lib/forms';

/**
 * Owner name, phone (digits only, capped at 10), optional email and address. With `phoneOnly` (Add Pet, when the
 * phone belongs to an existing owner whose details are kept) only the phone is asked for (issue 18). The phone is
 * required but for Edit Owner of an owner with none on file (`phoneRequired` false, issue 21), whose field then says
 * so (`phoneDescription`).
 */
export function OwnerFields({
  nameField,
  autoFocus,
  phoneOnly = false,
  phoneRequired = true,
  phoneDescription,
}: {
  nameField: 'ownerName' | 'name';
  autoFocus?: boolean;
  phoneOnly?: boolean;
  phoneRequired?: boolean;
  phoneDescription?: React.ReactNode;
}) {
  const form = useFormContext<Record<string, any>>();
  // The phone keeps its place (no remount while it is typed in) when the other fields go.
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      {phoneOnly ? null : (
        <TextInput label="Owner name" required autoComplete="off" autoFocus={autoFocus} {...fieldProps(form, nameField)} />
      )}
      <OwnerPhoneField placeholder="10-digit mobile number" required={phoneRequired} description={phoneDescription} />
      {phoneOnly ? null : <TextInput label="Email (optional)" type="email" autoComplete="off" {...fieldProps(form, 'email')} />}
      {phoneOnly ? null : <Textarea label="Address" required autosize minRows={1} maxRows={4} {...fieldProps(form, 'address')} />}
    </SimpleGrid>
  );
}

/** The `phone` field of the form, required unless said otherwise (cleaned as typed or pasted; see PhoneField). */
export function OwnerPhoneField({
  placeholder,
  description,
  required = true,
}: {
  placeholder?: string;
  description?: React.ReactNode;
  required?: boolean;
}) {
  const form = useFormContext<Record<string, any>>();
  return (
    <PhoneField
      label="Phone"
      required={required}
      placeholder={placeholder}
      description={description}
      {...fieldProps(form, 'phone')}
    />
  );
}
