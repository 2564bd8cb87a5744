import { Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useGstSettings } from '../../lib/endpoints/gst-settings';
import { useBusinessToday } from '../../lib/endpoints/reminders';
import { rateOptions } from './gst-rules';

/** The GST fields a form holds: the code ('' for none), the rate, exempt and whether prices include GST. */
export interface GstFormValues {
  gstRate: number;
  gstExempt: boolean;
  priceIncludesTax: boolean;
}

/**
 * The GST fields of a visit type (SAC) or an inventory item (HSN): the code, the rate (a select from the admin's
 * list in force today), "Exempt" and "Price includes GST". Used by the Prices screen and the inventory forms.
 */
export function GstFields<T extends FieldValues, TOut = T>({
  control,
  codeName,
  kind,
  currentRate,
  errors,
}: {
  control: Control<T, unknown, TOut>;
  codeName: Path<T>;
  kind: 'SAC' | 'HSN';
  /** The record's saved rate (kept as an option even when no longer in force). */
  currentRate?: number;
  errors: Partial<Record<'code' | 'gstRate' | 'gstExempt' | 'priceIncludesTax', string | undefined>>;
}) {
  const settings = useGstSettings();
  const today = useBusinessToday();
  const options = settings.data ? rateOptions(settings.data.rates, today, currentRate) : [];
  const name = (n: keyof GstFormValues) => n as Path<T>;
  return (
    <Stack gap="sm" aria-label="GST">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Controller
          control={control}
          name={codeName}
          render={({ field }) => (
            <TextInput
              label={`${kind} code`}
              description={kind === 'SAC' ? 'Services: 6 digits starting with 99 (999312 veterinary)' : 'Goods: 4, 6 or 8 digits'}
              placeholder="None"
              inputMode="numeric"
              maxLength={8}
              value={field.value ?? ''}
              onChange={(e) => field.onChange(e.currentTarget.value.trim())}
              onBlur={field.onBlur}
              name={field.name}
              error={errors.code}
            />
          )}
        />
        <Controller
          control={control}
          name={name('gstRate')}
          render={({ field }) => (
            <Select
              label="GST rate"
              description="0% = not taxed"
              data={options}
              allowDeselect={false}
              disabled={settings.isPending}
              placeholder={settings.isError ? 'Could not load the rates' : undefined}
              value={field.value === undefined || field.value === null ? null : String(field.value)}
              onChange={(v) => field.onChange(v === null ? undefined : Number(v))}
              onBlur={field.onBlur}
              name={field.name}
              error={errors.gstRate}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name={name('gstExempt')}
        render={({ field }) => (
          <Switch
            label="Exempt"
            description={
              kind === 'SAC'
                ? 'An exempt supply (veterinary services): no GST; it goes on a bill of supply.'
                : 'An exempt supply: no GST; it goes on a bill of supply.'
            }
            checked={Boolean(field.value)}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
            onBlur={field.onBlur}
            name={field.name}
            error={errors.gstExempt}
          />
        )}
      />
      <Controller
        control={control}
        name={name('priceIncludesTax')}
        render={({ field }) => (
          <Switch
            label="Price includes GST"
            description="The prices above include GST. Prices before GST (added on top) are not supported yet."
            // Only a record saved before with prices before GST can switch it back on (docs/decisions.md).
            disabled={Boolean(field.value)}
            checked={Boolean(field.value)}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
            onBlur={field.onBlur}
            name={field.name}
            error={errors.priceIncludesTax}
          />
        )}
      />
      {settings.isError ? (
        <Text size="xs" c="red">
          Could not load the GST rates. Reload the page to change the rate.
        </Text>
      ) : null}
    </Stack>
  );
}
