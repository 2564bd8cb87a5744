import {
  ActionIcon,
  Button,
  Card,
  Divider,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type CareItem,
  type CareItemInput,
  type CareKind,
  type CareSlot,
  type CareWarning,
  cleanPhone,
  DOSE_ROUTES,
  DOSE_UNITS,
  MEAL_UNITS,
  todayIn,
  WARNING_KINDS,
  WARNING_LABEL,
  type WarningKind,
} from '@pawdesk/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { inventoryListQuery } from '../../../lib/endpoints/inventory';
import { useDebounced } from '../../../lib/use-debounced';
import {
  emptyItem,
  type FormItem,
  type FormWarning,
  formToInput,
  formValid,
  itemErrors,
  itemToForm,
  warningError,
  warningToForm,
} from './instruction-form';

const KIND_TITLE: Record<CareKind, string> = { meal: 'Meals', dose: 'Medications', other: 'Other tasks' };
const KIND_ADD: Record<CareKind, string> = { meal: 'Add a meal', dose: 'Add a medication', other: 'Add a task' };
const ROUTE_LABEL: Record<string, string> = {
  oral: 'Oral',
  topical: 'Topical',
  eye: 'Eye',
  ear: 'Ear',
  injection: 'Injection',
  inhaled: 'Inhaled',
  other: 'Other',
};

export interface EditorSave {
  items: CareItemInput[];
  warnings: CareWarning[];
  emergencyContact: { name: string | null; phone: string | null };
}

/**
 * The care instruction editor (issue 20): meals, medications and other tasks, and (a pet's standing instructions) its
 * warnings and emergency contact. A stay's plan uses it without warnings. Each field shows the shared schema's
 * message as typed; Save is enabled once everything passes, and nothing typed is lost on a failed save.
 */
export function CareInstructionsEditor({
  slots,
  items: initial,
  warnings: initialWarnings,
  emergencyContact,
  withProfile,
  saving,
  onSave,
  onCancel,
  saveLabel = 'Save instructions',
}: {
  slots: CareSlot[];
  items: CareItem[];
  warnings?: CareWarning[];
  emergencyContact?: { name: string | null; phone: string | null };
  /** Warnings and the emergency contact (a pet's standing instructions). */
  withProfile: boolean;
  saving: boolean;
  onSave: (v: EditorSave) => void;
  onCancel?: () => void;
  saveLabel?: string;
}) {
  const [items, setItems] = useState<FormItem[]>(() => initial.map(itemToForm));
  const [warnings, setWarnings] = useState<FormWarning[]>(() => (initialWarnings ?? []).map(warningToForm));
  const [contact, setContact] = useState({ name: emergencyContact?.name ?? '', phone: emergencyContact?.phone ?? '' });
  const [touched, setTouched] = useState(false);
  const today = todayIn();
  const slotOptions = slots.map((s) => ({ value: s._id, label: `${s.name} (${s.start}–${s.end})` }));

  const update = (key: string, patch: Partial<FormItem>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  const phoneError = contact.phone && !/^\d{10}$/.test(contact.phone) ? 'Phone must be 10 digits' : null;
  const valid = formValid(items, warnings) && !phoneError;

  const save = () => {
    setTouched(true);
    if (!valid) return;
    onSave({
      items: items.map(formToInput),
      warnings: warnings.map((w) => ({ kind: w.kind, text: w.text.trim() })),
      emergencyContact: { name: contact.name.trim() || null, phone: contact.phone || null },
    });
  };

  return (
    <Stack gap="md">
      {(['meal', 'dose', 'other'] as const).map((kind) => (
        <Stack key={kind} gap="xs" component="section" aria-label={KIND_TITLE[kind]}>
          <Group justify="space-between">
            <Title order={3} fz="md">
              {KIND_TITLE[kind]}
            </Title>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => setItems((l) => [...l, emptyItem(kind, slots[0]?._id, today)])}
            >
              {KIND_ADD[kind]}
            </Button>
          </Group>
          {items.filter((i) => i.kind === kind).length === 0 ? (
            <Text size="sm" c="dimmed">
              None
            </Text>
          ) : null}
          {items
            .filter((i) => i.kind === kind)
            .map((i, n) => (
              <ItemFields
                key={i.key}
                item={i}
                index={n}
                slotOptions={slotOptions}
                errors={touched || i._id || i.name ? itemErrors(i) : {}}
                onChange={(patch) => update(i.key, patch)}
                onRemove={() => setItems((l) => l.filter((x) => x.key !== i.key))}
              />
            ))}
        </Stack>
      ))}

      {withProfile ? (
        <>
          <Divider />
          <Stack gap="xs" component="section" aria-label="Warnings">
            <Group justify="space-between">
              <Title order={3} fz="md">
                Warnings
              </Title>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => setWarnings((l) => [...l, { key: `w${Date.now()}${l.length}`, kind: 'allergy', text: '' }])}
              >
                Add a warning
              </Button>
            </Group>
            {warnings.map((w, n) => (
              <Group key={w.key} align="flex-start" wrap="nowrap" gap="xs">
                <Select
                  label={`Warning ${n + 1}`}
                  data={WARNING_KINDS.map((k) => ({ value: k, label: WARNING_LABEL[k] }))}
                  value={w.kind}
                  allowDeselect={false}
                  onChange={(v) => setWarnings((l) => l.map((x) => (x.key === w.key ? { ...x, kind: v as WarningKind } : x)))}
                  w={150}
                />
                <TextInput
                  label="What staff must know"
                  style={{ flex: 1 }}
                  value={w.text}
                  maxLength={500}
                  error={touched || w.text ? warningError(w) : null}
                  onChange={(e) => {
                    const text = e.currentTarget.value;
                    setWarnings((l) => l.map((x) => (x.key === w.key ? { ...x, text } : x)));
                  }}
                />
                <ActionIcon
                  mt={26}
                  variant="subtle"
                  color="red"
                  aria-label={`Remove warning ${n + 1}`}
                  onClick={() => setWarnings((l) => l.filter((x) => x.key !== w.key))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
          <Divider />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="section" aria-label="Emergency contact">
            <TextInput
              label="Emergency contact"
              value={contact.name}
              maxLength={100}
              onChange={(e) => setContact({ ...contact, name: e.currentTarget.value })}
            />
            <TextInput
              label="Emergency phone"
              inputMode="numeric"
              value={contact.phone}
              error={phoneError}
              onChange={(e) => setContact({ ...contact, phone: cleanPhone(e.currentTarget.value) })}
            />
          </SimpleGrid>
        </>
      ) : null}

      <Group justify="flex-end" gap="sm">
        {onCancel ? (
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        ) : null}
        <Button onClick={save} loading={saving} disabled={touched && !valid}>
          {saveLabel}
        </Button>
      </Group>
    </Stack>
  );
}

function ItemFields({
  item: i,
  index,
  slotOptions,
  errors,
  onChange,
  onRemove,
}: {
  item: FormItem;
  index: number;
  slotOptions: { value: string; label: string }[];
  errors: Record<string, string>;
  onChange: (patch: Partial<FormItem>) => void;
  onRemove: () => void;
}) {
  const what = i.kind === 'meal' ? 'Meal' : i.kind === 'dose' ? 'Medication' : 'Task';
  const n = index + 1;
  return (
    <Card withBorder radius="md" padding="sm" data-testid={`care-item-${i.kind}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {what} {n}
          </Text>
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${what.toLowerCase()} ${n}`} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
          <TextInput
            label={i.kind === 'meal' ? 'Food' : i.kind === 'dose' ? 'Medicine' : 'Task'}
            placeholder={i.kind === 'other' ? 'Walk, brushing, play…' : undefined}
            value={i.name}
            maxLength={200}
            error={errors.name}
            onChange={(e) => onChange({ name: e.currentTarget.value })}
          />
          {i.kind === 'meal' ? (
            <SegmentedControl
              aria-label={`When: meal ${n}`}
              mt={{ base: 0, xs: 24 }}
              data={[
                { value: 'slot', label: 'Slot' },
                { value: 'time', label: 'Exact time' },
              ]}
              value={i.when}
              onChange={(v) => onChange({ when: v as 'slot' | 'time' })}
            />
          ) : null}
          {i.kind === 'meal' && i.when === 'time' ? (
            <TextInput
              label="Time"
              type="time"
              value={i.atTime}
              error={errors.atTime}
              onChange={(e) => onChange({ atTime: e.currentTarget.value })}
            />
          ) : i.kind === 'dose' ? (
            <MultiSelect
              label="Times of day"
              data={slotOptions}
              value={i.slotIds}
              error={errors.slotIds}
              onChange={(v) => onChange({ slotIds: v })}
            />
          ) : (
            <Select
              label="Slot"
              data={slotOptions}
              value={i.slotIds[0] ?? null}
              error={errors.slotIds}
              allowDeselect={false}
              onChange={(v) => onChange({ slotIds: v ? [v] : [] })}
            />
          )}
          {i.kind !== 'other' ? (
            <Group gap={4} wrap="nowrap" align="flex-start">
              <NumberInput
                label={i.kind === 'dose' ? 'Dose' : 'Amount'}
                value={i.amount}
                min={0}
                max={10000}
                decimalScale={2}
                error={errors.amount}
                onChange={(v) => onChange({ amount: typeof v === 'number' ? v : v === '' ? '' : Number(v) })}
                style={{ flex: 1 }}
              />
              <Select
                label="Unit"
                w={100}
                data={[...(i.kind === 'meal' ? MEAL_UNITS : DOSE_UNITS)]}
                value={i.unit || null}
                error={errors.unit}
                allowDeselect={false}
                onChange={(v) => onChange({ unit: v ?? '' })}
              />
            </Group>
          ) : null}
          {i.kind === 'meal' ? (
            <Select
              label="Food source"
              data={[
                { value: 'owner', label: "Owner's food" },
                { value: 'house', label: 'House food' },
              ]}
              value={i.source || null}
              error={errors.source}
              allowDeselect={false}
              onChange={(v) => onChange({ source: (v ?? '') as FormItem['source'] })}
            />
          ) : null}
          {i.kind === 'dose' ? (
            <>
              <Select
                label="Route"
                data={DOSE_ROUTES.map((r) => ({ value: r, label: ROUTE_LABEL[r] ?? r }))}
                value={i.route || null}
                error={errors.route}
                allowDeselect={false}
                onChange={(v) => onChange({ route: v ?? '' })}
              />
              <TextInput
                label="Start date"
                type="date"
                value={i.startDate}
                error={errors.startDate}
                onChange={(e) => onChange({ startDate: e.currentTarget.value })}
              />
              <TextInput
                label="End date"
                type="date"
                value={i.endDate}
                error={errors.endDate}
                onChange={(e) => onChange({ endDate: e.currentTarget.value })}
              />
              <StockItemPicker
                value={i.inventoryItemId}
                error={errors.inventoryItemId}
                onChange={(id, unit) => onChange({ inventoryItemId: id, ...(unit ? { unit } : {}) })}
              />
            </>
          ) : null}
        </SimpleGrid>
        <Textarea
          label="Instructions"
          autosize
          minRows={1}
          maxRows={4}
          maxLength={500}
          value={i.instructions}
          error={errors.instructions}
          onChange={(e) => onChange({ instructions: e.currentTarget.value })}
        />
      </Stack>
    </Card>
  );
}

/** A house dose: the inventory item it takes from stock (optional), searched by name. */
function StockItemPicker({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (id: string, unit: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const term = useDebounced(search, 250);
  const q = useInfiniteQuery(inventoryListQuery(term, 20));
  const rows = q.data?.pages.flatMap((p) => p.items) ?? [];
  const data = rows.map((r) => ({ value: r._id, label: `${r.itemName} (${r.stockUnit})` }));
  return (
    <Select
      label="From stock (house dose)"
      placeholder="Owner's medicine"
      searchable
      clearable
      data={data}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={q.isFetching ? 'Searching…' : 'No item'}
      error={error}
      onChange={(v) => {
        const row = rows.find((r) => r._id === v);
        onChange(v ?? '', row ? row.stockUnit : null);
      }}
    />
  );
}
