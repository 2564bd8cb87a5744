import { Card, Group, NumberInput, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { APPOINTMENT_MESSAGES, type AppointmentSettings, appointmentKind, isBookablePurpose } from '@pawdesk/shared';
import { useCallback, useMemo } from 'react';
import { COUNT_INPUT, MONEY_INPUT } from '../../../components/NumberField';
import { ErrorState, LoadingState } from '../../../components/states';
import { useAppointmentSettings, useSaveAppointmentSettings } from '../../../lib/endpoints/appointment-settings';
import { appointmentPatch, changedFields, fareExplained, formOf, slotsOf } from './appointment-settings-form';
import { SettingsActions } from './SettingsActions';
import { useSettingsForm } from './use-settings-form';

const SAVE_FAILED = 'Could not save the appointment settings';

const KM_INPUT = { min: 0, decimalScale: 1 };
/** The pickup fare rule's fields: form key, label, input (rupees or km). */
const FARE_FIELDS: readonly [FareKey, string, typeof MONEY_INPUT | typeof KM_INPUT][] = [
  ['baseFare', 'Base fare', MONEY_INPUT],
  ['baseKm', 'Up to (km)', KM_INPUT],
  ['stepFare', 'Step fare', MONEY_INPUT],
  ['stepKm', 'Per started (km)', KM_INPUT],
  ['maxKm', 'Longest (km)', KM_INPUT],
];
type FareKey = 'baseFare' | 'baseKm' | 'stepFare' | 'stepKm' | 'maxKm';

/**
 * Online appointments (issue 19), on the Prices screen (admins): the slot table, places per slot (default and per
 * slot service), pickup vehicles per slot, the pickup fare rule and the owner's cancel window for a full refund.
 * Saved with PUT /settings/appointments (only what changed, audited). `types`: the visit types (the slot services
 * are the bookable ones that are not stays).
 */
export function AppointmentSettingsCard({ types }: { types: readonly { code: string; purpose: string }[] }) {
  const settings = useAppointmentSettings();
  const services = useMemo(
    () => types.filter((t) => isBookablePurpose(t.purpose) && appointmentKind(t.purpose) === 'slot'),
    [types],
  );
  const codes = useMemo(() => services.map((s) => s.code), [services]);
  const { f, errors, set, onSave, onReset, changed, saving } = useSettingsForm({
    saved: settings.data,
    save: useSaveAppointmentSettings(),
    formOf: useCallback((s: AppointmentSettings) => formOf(s, codes), [codes]),
    patch: appointmentPatch,
    changedFields,
    savedMessage: APPOINTMENT_MESSAGES.settingsSaved,
    saveFailed: SAVE_FAILED,
  });

  if (settings.isPending) return <LoadingState label="Loading the appointment settings..." />;
  if (!f) return <ErrorState message={settings.error?.message ?? ''} onRetry={() => void settings.refetch()} />;

  const slotCount = slotsOf(f.slots).length;
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="md">
        <Textarea
          label="Slot table"
          description={`The times customers can book, as HH:MM (${slotCount} slot${slotCount === 1 ? '' : 's'}). Stays are booked by day.`}
          autosize
          minRows={2}
          value={f.slots}
          onChange={(e) => set('slots', e.currentTarget.value)}
          error={errors.slots}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Places per slot
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
            <NumberInput
              {...COUNT_INPUT}
              label="Every service"
              description="Unless set below"
              max={50}
              value={f.defaultSlotCapacity}
              onChange={(v) => set('defaultSlotCapacity', v)}
              error={errors.defaultSlotCapacity}
            />
            {services.map((s) => (
              <NumberInput
                key={s.code}
                {...COUNT_INPUT}
                label={s.purpose}
                description="Empty: the default"
                placeholder={String(f.defaultSlotCapacity)}
                max={50}
                value={f.capacity[s.code] ?? ''}
                onChange={(v) => set('capacity', { ...f.capacity, [s.code]: v }, `slotCapacityByService.${s.code}`)}
                error={errors[`slotCapacityByService.${s.code}`]}
              />
            ))}
          </SimpleGrid>
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Pickup &amp; drop
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
            <NumberInput
              {...COUNT_INPUT}
              label="Vehicles per slot"
              description="0: no pickup"
              max={20}
              value={f.pickupVehiclesPerSlot}
              onChange={(v) => set('pickupVehiclesPerSlot', v)}
              error={errors.pickupVehiclesPerSlot}
            />
            {FARE_FIELDS.map(([k, label, input]) => (
              <NumberInput
                key={k}
                {...input}
                label={label}
                value={f[k]}
                onChange={(v) => set(k, v, `pickupFare.${k}`)}
                error={errors[`pickupFare.${k}`] ?? errors.pickupFare}
              />
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed" data-testid="fare-explained">
            {fareExplained(f)}
          </Text>
        </Stack>
        <Group align="flex-start">
          <NumberInput
            {...COUNT_INPUT}
            label="Full refund if cancelled (hours before the slot)"
            description="An owner who paid online and cancels earlier gets it all back; later the refund policy applies"
            max={720}
            value={f.ownerCancelWindowHours}
            onChange={(v) => set('ownerCancelWindowHours', v)}
            error={errors.ownerCancelWindowHours}
            maw={360}
          />
        </Group>
        <SettingsActions
          changed={changed}
          saving={saving}
          onReset={onReset}
          onSave={onSave}
          saveLabel="Save appointment settings"
        />
      </Stack>
    </Card>
  );
}
