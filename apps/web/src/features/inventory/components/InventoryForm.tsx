import { Button, Divider, Group, type NumberInputProps, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  defaultReorderLevel,
  INVENTORY_TYPE_LABEL,
  INVENTORY_TYPES,
  INVENTORY_UNIT_LABEL,
  INVENTORY_UNITS,
  type InventoryItem,
  type InventoryItemBody,
  inventoryItemBody,
  type InventoryType,
  type InventoryUnit,
} from '@pawdesk/shared';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { GstFields } from '../../../components/gst/GstFields';
import { COUNT_INPUT as COUNT, MONEY_INPUT as MONEY, NumberField } from '../../../components/NumberField';
import { ApiError } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';

interface FormValues {
  itemName: string;
  stock: number | string;
  stockUnit: InventoryUnit;
  itemType: InventoryType;
  unitCostPrice: number | string;
  unitMinRetailPriceNGO: number | string;
  unitMaxRetailPriceCustomer: number | string;
  reorderLevel: number | string;
  /** GST (issue 17): '' for no HSN code; a new item is not taxed (0 %) and its prices include GST. */
  hsnCode: string;
  gstRate: number;
  gstExempt: boolean;
  priceIncludesTax: boolean;
}

type NumberName = 'stock' | 'reorderLevel' | 'unitCostPrice' | 'unitMinRetailPriceNGO' | 'unitMaxRetailPriceCustomer';

const unitOptions = INVENTORY_UNITS.map((u) => ({ value: u, label: INVENTORY_UNIT_LABEL[u] }));
// The 'Vaccine' option carries the value 'vaccine' (spec 000 §3 names the defect that saved it as medicine).
const typeOptions = INVENTORY_TYPES.map((t) => ({ value: t, label: INVENTORY_TYPE_LABEL[t] }));

function initialValues(item?: InventoryItem): FormValues {
  if (!item) {
    return {
      itemName: '',
      stock: '',
      stockUnit: 'ml',
      itemType: 'disposable',
      unitCostPrice: 0,
      unitMinRetailPriceNGO: 0,
      unitMaxRetailPriceCustomer: 0,
      reorderLevel: defaultReorderLevel('ml'),
      hsnCode: '',
      gstRate: 0,
      gstExempt: false,
      priceIncludesTax: true,
    };
  }
  return {
    itemName: item.itemName,
    stock: item.stock,
    stockUnit: item.stockUnit,
    itemType: item.itemType,
    unitCostPrice: item.unitCostPrice,
    unitMinRetailPriceNGO: item.unitMinRetailPriceNGO,
    unitMaxRetailPriceCustomer: item.unitMaxRetailPriceCustomer,
    reorderLevel: item.reorderLevel,
    hsnCode: item.hsnCode ?? '',
    gstRate: item.gstRate,
    gstExempt: item.gstExempt,
    priceIncludesTax: item.priceIncludesTax,
  };
}

/** The form's fields, which server field errors may name. */
const FIELDS = new Set(Object.keys(initialValues()));

/**
 * The add and edit inventory form: Item Name, Stock, Stock Unit, Item Type,
 * Reorder Level and the Pricing Information section. Validates with the
 * shared schema; server field errors land on their fields.
 */
export function InventoryForm({
  item,
  submitLabel,
  savingLabel,
  saving,
  notice,
  onSubmit,
}: {
  item?: InventoryItem;
  submitLabel: string;
  savingLabel: string;
  saving: boolean;
  notice?: ReactNode;
  /** Rejects with the ApiError on failure (the page shows the message). */
  onSubmit: (values: InventoryItemBody) => Promise<unknown>;
}) {
  // Validate on submit, then as fields change: blur-time errors would shift the button under the pointer.
  const form = useZodForm<FormValues, InventoryItemBody>(inventoryItemBody, initialValues(item), 'onSubmit');
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.errors)) {
          if (FIELDS.has(field)) form.setError(field as keyof FormValues, { message });
        }
      }
    }
  });

  /** A number field; `props` says what it accepts and how it shows. */
  const numberInput = (name: NumberName, props: Omit<NumberInputProps, 'name' | 'error'>) => (
    <NumberField {...props} control={form.control} name={name} error={errors[name]?.message} />
  );
  /** A required choice that cannot be cleared; `toValue` turns the pick into the field's value. */
  const select = <N extends 'stockUnit' | 'itemType'>(
    name: N,
    label: string,
    data: { value: string; label: string }[],
    toValue: (picked: string | null) => FormValues[N],
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          required
          data={data}
          allowDeselect={false}
          value={field.value}
          onChange={(v) => field.onChange(toValue(v))}
          onBlur={field.onBlur}
          error={errors[name]?.message}
        />
      )}
    />
  );
  const money = (name: NumberName, label: string) => numberInput(name, { label, ...MONEY });

  return (
    <form onSubmit={submit} noValidate aria-busy={saving}>
      <Stack gap="md">
        {notice}
        <TextInput label="Item Name" required autoFocus={!item} {...form.register('itemName')} error={errors.itemName?.message} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {numberInput('stock', { label: 'Stock', required: true, ...COUNT })}
          {select('stockUnit', 'Stock Unit', unitOptions, (v) => {
            const unit = (v ?? 'ml') as InventoryUnit;
            // On a new item, a reorder level the user has not chosen follows the unit's default.
            if (!item && !form.getFieldState('reorderLevel').isDirty) {
              form.setValue('reorderLevel', defaultReorderLevel(unit));
            }
            return unit;
          })}
          {select('itemType', 'Item Type', typeOptions, (v) => (v ?? 'disposable') as InventoryType)}
          {numberInput('reorderLevel', {
            label: 'Reorder Level',
            description: 'The item shows on the Alert List at or below this stock',
            ...COUNT,
          })}
        </SimpleGrid>

        <Divider mt="xs" />
        <div>
          <Title order={2} fz="md">
            Pricing Information
          </Title>
          <Text size="sm" c="dimmed">
            Prices per unit in rupees; leave 0 when not applicable.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {money('unitCostPrice', 'Unit Cost Price')}
          {money('unitMinRetailPriceNGO', 'NGO Minimum Retail Price')}
          {money('unitMaxRetailPriceCustomer', 'Customer Maximum Retail Price')}
        </SimpleGrid>

        <Divider mt="xs" />
        <div>
          <Title order={2} fz="md">
            GST
          </Title>
          <Text size="sm" c="dimmed">
            Optional. Leave the rate at 0% for goods that are not taxed.
          </Text>
        </div>
        <GstFields
          control={form.control}
          codeName="hsnCode"
          kind="HSN"
          currentRate={item?.gstRate}
          errors={{
            code: errors.hsnCode?.message,
            gstRate: errors.gstRate?.message,
            gstExempt: errors.gstExempt?.message,
            priceIncludesTax: errors.priceIncludesTax?.message,
          }}
        />

        <Group justify="flex-end" mt="sm">
          <Button type="submit" disabled={saving} miw={220}>
            {saving ? savingLabel : submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
