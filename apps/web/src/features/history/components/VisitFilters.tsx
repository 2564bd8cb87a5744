import { Button, CloseButton, Group, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconPaw, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PhoneField } from '../../../components/PhoneField';
import { visitTypesQuery } from '../../../lib/endpoints/visit-types';
import { hasFilters, STATE_OPTIONS } from '../filters';
import type { VisitFilterState } from '../use-visit-filters';
import classes from './history.module.css';
import { DateField } from '../../../components/dates/DateField';

/**
 * The search's filters: pet name and owner phone (applied 1 s after typing stops), purpose, payment state and date
 * (not after today, clearable); on a phone the two selects share a row. `perPet` leaves out the pet's own name and phone (/staff/salesSection).
 */
export function VisitFilters({ f, today, perPet = false }: { f: VisitFilterState; today: string; perPet?: boolean }) {
  const types = useQuery(visitTypesQuery());
  // The address may name a purpose the list no longer offers: keep it selectable so the select shows what is applied.
  const purposes = (types.data ?? []).map((t) => ({ value: t.code, label: t.purpose }));
  if (f.applied.purpose && !purposes.some((p) => p.value === f.applied.purpose))
    purposes.push({ value: f.applied.purpose, label: f.applied.purpose });

  return (
    <SimpleGrid cols={{ base: 2, md: perPet ? 3 : 5 }} spacing="sm" verticalSpacing="sm">
      {perPet ? null : (
        <TextInput
          className={classes.full}
          label="Pet name"
          placeholder="Any part of the name"
          leftSection={<IconPaw size={16} />}
          value={f.name}
          onChange={(e) => f.setName(e.currentTarget.value)}
          type="search"
          autoComplete="off"
          autoFocus
        />
      )}
      {perPet ? null : (
        <PhoneField
          className={classes.full}
          label="Owner phone"
          placeholder="First digits"
          leftSection={<IconPhone size={16} />}
          value={f.phone}
          onChange={(e) => f.setPhone(e.currentTarget.value)}
          type="search"
          autoComplete="off"
        />
      )}
      <NativeSelect
        label="Purpose"
        value={f.applied.purpose}
        onChange={(e) => f.setPurpose(e.currentTarget.value)}
        data={[{ value: '', label: 'All' }, ...purposes]}
      />
      <NativeSelect
        label="Payment"
        value={f.applied.state}
        onChange={(e) => f.setState(e.currentTarget.value)}
        data={STATE_OPTIONS}
      />
      <Group className={classes.full} gap={4} align="flex-start" wrap="nowrap">
        <DateField label="Date" value={f.date} max={today} onChange={f.setDate} error={f.dateError} style={{ flex: 1 }} />
        {f.date ? <CloseButton mt={28} size="sm" aria-label="Clear date" onClick={() => f.setDate('')} /> : null}
      </Group>
      {hasFilters(f.applied) || f.name || f.phone || f.date ? (
        <Group gap="xs" style={{ gridColumn: '1 / -1' }}>
          <Button size="compact-sm" variant="subtle" onClick={f.clear}>
            Clear filters
          </Button>
          {f.pending ? (
            <Text size="xs" c="dimmed" aria-live="polite">
              Searching...
            </Text>
          ) : null}
        </Group>
      ) : null}
    </SimpleGrid>
  );
}
