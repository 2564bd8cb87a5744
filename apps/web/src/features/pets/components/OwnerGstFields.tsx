import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { OWNER_STATE_OPTIONS, stateAfterGstin } from '../../../components/gst/gst-rules';

/**
 * The owner's GST fields (issue 17): GSTIN (checked with its check character by the shared schema; a valid one
 * fills in its state) and State. Both optional; they put the owner's name and GSTIN on a tax invoice, and a state
 * other than the business's makes it IGST.
 */
export function OwnerGstFields() {
  const form = useFormContext<{ gstin: string; stateCode: string }>();
  const { errors } = form.formState;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      <Controller
        control={form.control}
        name="gstin"
        render={({ field }) => (
          <TextInput
            label="GSTIN (optional)"
            description="For a business customer's tax invoice"
            placeholder="15 characters, e.g. 06AAACB1234C1Z5"
            autoComplete="off"
            maxLength={15}
            value={field.value ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value.toUpperCase().replace(/\s/g, '');
              field.onChange(value);
              const state = stateAfterGstin(value, form.getValues('stateCode') ?? '');
              if (state !== form.getValues('stateCode')) form.setValue('stateCode', state, { shouldDirty: true });
            }}
            onBlur={field.onBlur}
            name={field.name}
            error={errors.gstin?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="stateCode"
        render={({ field }) => (
          <Select
            label="State (optional)"
            description="Another state than the business's: IGST"
            placeholder="Not set"
            data={OWNER_STATE_OPTIONS}
            searchable
            clearable
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            onBlur={field.onBlur}
            name={field.name}
            error={errors.stateCode?.message}
          />
        )}
      />
    </SimpleGrid>
  );
}
