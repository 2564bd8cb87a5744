import { Card, Group, NumberInput, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { APPOINTMENT_MESSAGES, appointmentKind, isBookablePurpose } from '@pawdesk/shared';
import { useEffect, useMemo, useState } from 'react';
import { COUNT_INPUT, MONEY_INPUT } from '../../../components/NumberField';
import { ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { useAppointmentSettings, useSaveAppointmentSettings } from '../../../lib/endpoints/appointment-settings';
import { notify } from '../../../lib/notify';
import {
  type AppointmentForm,
  appointmentPatch,
  changedFields,
  fareExplained,
  formOf,
  slotsOf,
} from './appointment-settings-form';
import { SettingsActions } from './SettingsActions';

const SAVE_FAILED = 'Could not save the appointment settings';

/**
 * Online appointments (issue 19), on the Prices screen (admins): the slot table, places per slot (default and per
 * slot service), pickup vehicles per slot, the pickup fare rule and the owner's cancel window for a full refund.
 * Saved with PUT /settings/appointments (only what changed, audited). `types`: the visit types (the slot services
 * are the bookable ones that are not stays).
 */
export function AppointmentSettingsCard({ types }: { types: readonly { code: string; purpose: string }[] }) {
  const settings = useAppointmentSettings();
  const save = useSaveAppointmentSettings();
  const services = useMemo(
    () => types.filter((t) => isBookablePurpose(t.purpose) && appointmentKind(t.purpose) === 'slot'),
    [types],
  );
  const codes = useMemo(() => services.map((s) => s.code), [services]);
  const [form, setForm] = useState<AppointmentForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  useEffect(() => {
    if (settings.data && form === null) setForm(formOf(settings.data, codes));
  }, [settings.data, form, codes]);

  if (settings.isPending) return <LoadingState label="Loading the appointment settings..." />;
  if (!settings.data) return <ErrorState message={settings.error?.message ?? ''} onRetry={() => void settings.refetch()} />;

  const saved = settings.data;
  const f = form ?? formOf(saved, codes);
  const changed = changedFields(saved, f).length > 0;
  const set = <K extends keyof AppointmentForm>(k: K, v: AppointmentForm[K], errorKey: string = k) => {
    setForm({ ...f, [k]: v });
    setErrors((e) => ({ ...e, [errorKey]: undefined }));
  };
  const fareError = (k: string) => errors[`pickupFare.${k}`] ?? errors.pickupFare;

  const onSave = () => {
    const r = appointmentPatch(saved, f);
    if (!r.ok) {
      setErrors(r.errors);
      return;
    }
    setErrors({});
    save.mutate(r.patch, {
      onSuccess: (res) => {
        setForm(formOf(res.settings, codes));
        notify.success(res.message ?? APPOINTMENT_MESSAGES.settingsSaved);
      },
      onError: (err) => notify.error(serverMessage(err, SAVE_FAILED), err),
    });
  };

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
            <NumberInput
              {...MONEY_INPUT}
              label="Base fare"
              value={f.baseFare}
              onChange={(v) => set('baseFare', v, 'pickupFare.baseFare')}
              error={fareError('baseFare')}
            />
            <NumberInput
              label="Up to (km)"
              min={0}
              decimalScale={1}
              value={f.baseKm}
              onChange={(v) => set('baseKm', v, 'pickupFare.baseKm')}
              error={fareError('baseKm')}
            />
            <NumberInput
              {...MONEY_INPUT}
              label="Step fare"
              value={f.stepFare}
              onChange={(v) => set('stepFare', v, 'pickupFare.stepFare')}
              error={fareError('stepFare')}
            />
            <NumberInput
              label="Per started (km)"
              min={0}
              decimalScale={1}
              value={f.stepKm}
              onChange={(v) => set('stepKm', v, 'pickupFare.stepKm')}
              error={fareError('stepKm')}
            />
            <NumberInput
              label="Longest (km)"
              min={0}
              decimalScale={1}
              value={f.maxKm}
              onChange={(v) => set('maxKm', v, 'pickupFare.maxKm')}
              error={fareError('maxKm')}
            />
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
          saving={save.isPending}
          onReset={() => {
            setForm(formOf(saved, codes));
            setErrors({});
          }}
          onSave={onSave}
          saveLabel="Save appointment settings"
        />
      </Stack>
    </Card>
  );
}
