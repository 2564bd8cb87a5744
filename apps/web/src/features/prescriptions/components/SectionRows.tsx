import { Badge, Button, Card, Flex, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import {
  type CustomerType,
  formatINR,
  type InventoryItem,
  type PrescriptionSection,
  SECTION_INFO,
  toPaise,
  toRupees,
  unitPricePaise,
} from '@pawdesk/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type Control, Controller, type FieldErrors, useFieldArray, useWatch } from 'react-hook-form';
import { ItemSelect } from './ItemSelect';

export interface RxRowValue {
  id: string | null;
  quantity: number | string;
}

export interface RxFormValues {
  customerType: CustomerType;
  items: RxRowValue[];
  tablets: RxRowValue[];
  mg: RxRowValue[];
  ml: RxRowValue[];
  nextFollowUp: string;
  followUpTime: string;
  followUpPurpose: string;
  diagnosis: string;
}

export const NEW_ROW: RxRowValue = { id: null, quantity: 1 };

/** One repeatable section (Items, Tablets, Mg Items, Ml Items): rows of an item select and a quantity. */
export function SectionRows({
  section,
  control,
  errors,
  known,
  onFound,
}: {
  section: PrescriptionSection;
  control: Control<RxFormValues>;
  errors: FieldErrors<RxFormValues>;
  known: ReadonlyMap<string, InventoryItem>;
  onFound: (items: InventoryItem[]) => void;
}) {
  const info = SECTION_INFO[section];
  const { fields, append, remove } = useFieldArray({ control, name: section });
  const rows = useWatch({ control, name: section });
  const customerType = useWatch({ control, name: 'customerType' });

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={`rx-${section}`}>
      <Group justify="space-between" mb={fields.length ? 'sm' : 0}>
        <Group gap="xs">
          <Title order={2} fz="md" id={`rx-${section}`}>
            {info.title}
          </Title>
          {fields.length ? (
            <Badge variant="light" color="gray" size="sm">
              {fields.length}
            </Badge>
          ) : null}
        </Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          aria-label={`Add ${info.label}`}
          onClick={() => append({ ...NEW_ROW })}
        >
          Add
        </Button>
      </Group>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          No {info.title.toLowerCase()} added.
        </Text>
      ) : (
        <Stack gap="sm">
          {fields.map((f, i) => {
            const row = rows?.[i];
            const item = row?.id ? known.get(row.id) : undefined;
            const qty = typeof row?.quantity === 'number' ? row.quantity : Number.parseInt(String(row?.quantity ?? ''), 10);
            const unit = item
              ? unitPricePaise(
                  { ngo: toPaise(item.unitMinRetailPriceNGO), customer: toPaise(item.unitMaxRetailPriceCustomer) },
                  customerType,
                )
              : 0;
            const rowErrors = errors[section]?.[i];
            return (
              <Flex
                key={f.id}
                direction={{ base: 'column', sm: 'row' }}
                gap="sm"
                align={{ base: 'stretch', sm: 'flex-start' }}
                data-testid={`rx-row-${section}`}
                pb={{ base: 'sm', sm: 0 }}
                style={{ borderBottom: i < fields.length - 1 ? '1px solid var(--mantine-color-gray-2)' : undefined }}
              >
                <Group gap="sm" align="flex-start" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
                  <Badge variant="outline" color="gray" mt={30} w={44} style={{ flex: 'none' }} visibleFrom="sm">
                    #{i + 1}
                  </Badge>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Controller
                      control={control}
                      name={`${section}.${i}.id`}
                      render={({ field }) => (
                        <ItemSelect
                          section={section}
                          label={`${info.label} #${i + 1}`}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          known={known}
                          onFound={onFound}
                          error={rowErrors?.id?.message}
                        />
                      )}
                    />
                  </div>
                </Group>
                <Group gap="sm" align="flex-start" wrap="nowrap">
                  <Controller
                    control={control}
                    name={`${section}.${i}.quantity`}
                    render={({ field }) => (
                      <NumberInput
                        label="Quantity"
                        aria-label={`Quantity for ${info.label} #${i + 1}`}
                        min={1}
                        allowDecimal={false}
                        allowNegative={false}
                        w={100}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={rowErrors?.quantity?.message}
                      />
                    )}
                  />
                  <Stack gap={0} mt={24} miw={88} style={{ flex: 'none' }}>
                    <Text size="xs" c="dimmed">
                      {item && qty > 0 ? `${qty} × ${formatINR(toRupees(unit))}` : '\u00a0'}
                    </Text>
                    <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {item && qty > 0 ? formatINR(toRupees(unit * qty)) : '—'}
                    </Text>
                  </Stack>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    mt={28}
                    px={6}
                    leftSection={<IconTrash size={16} />}
                    aria-label={`Remove ${info.label} #${i + 1}`}
                    onClick={() => remove(i)}
                  >
                    Remove
                  </Button>
                </Group>
              </Flex>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
