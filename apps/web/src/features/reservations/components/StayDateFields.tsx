import { SimpleGrid, Text } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import type { BookingField, BookingValues } from './booking-rules';
import { DATE_INPUT_FORMAT, parseDayMonthYear } from './dates-input';

/** Check-in and check-out dates (dd/mm/yyyy, none before today) and times; a half day checks out the same day. */
export function StayDateFields({
  values,
  today,
  sameDay,
  disabled: saving,
  set,
  touch,
  errorOf,
}: {
  values: BookingValues;
  today: string;
  sameDay: boolean;
  disabled: boolean;
  set: <K extends keyof BookingValues>(k: K, v: BookingValues[K]) => void;
  touch: (f: BookingField) => () => void;
  errorOf: (f: BookingField) => string | undefined;
}) {
  return (
    <SimpleGrid cols={{ base: 2 }} spacing="sm">
      <DateInput
        label="Check-in date"
        placeholder="dd/mm/yyyy"
        valueFormat={DATE_INPUT_FORMAT}
        dateParser={parseDayMonthYear}
        minDate={today}
        value={values.checkInDate || null}
        onChange={(v) => set('checkInDate', v ?? '')}
        onBlur={touch('checkInDate')}
        error={errorOf('checkInDate')}
        withAsterisk
        clearable={false}
        disabled={saving}
        popoverProps={{ withinPortal: true }}
      />
      <TimeInput
        label="Check-in time"
        value={values.checkInTime}
        onChange={(e) => set('checkInTime', e.currentTarget.value)}
        onBlur={touch('checkInTime')}
        error={errorOf('checkInTime')}
        withAsterisk
        disabled={saving}
      />
      {sameDay ? (
        <Text size="sm" c="dimmed" style={{ alignSelf: 'end' }} pb={8}>
          A half day checks out the same day.
        </Text>
      ) : (
        <DateInput
          label="Check-out date"
          placeholder="dd/mm/yyyy"
          valueFormat={DATE_INPUT_FORMAT}
          dateParser={parseDayMonthYear}
          minDate={values.checkInDate || today}
          value={values.checkOutDate || null}
          onChange={(v) => set('checkOutDate', v ?? '')}
          onBlur={touch('checkOutDate')}
          error={errorOf('checkOutDate')}
          withAsterisk
          clearable={false}
          disabled={saving}
          popoverProps={{ withinPortal: true }}
        />
      )}
      <TimeInput
        label="Check-out time"
        value={values.checkOutTime}
        onChange={(e) => set('checkOutTime', e.currentTarget.value)}
        onBlur={touch('checkOutTime')}
        error={errorOf('checkOutTime')}
        withAsterisk
        disabled={saving}
      />
    </SimpleGrid>
  );
}
