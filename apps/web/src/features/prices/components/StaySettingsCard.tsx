import { Alert, Card, Group, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { STAY_SETTINGS_SAVED } from '@pawdesk/shared';
import { LabelledSegments } from '../../../components/LabelledSegments';
import { COUNT_INPUT } from '../../../components/NumberField';
import { ErrorState, LoadingState } from '../../../components/states';
import { useSaveStaySettings, useStaySettings } from '../../../lib/endpoints/stay-settings';
import { SettingsActions } from './SettingsActions';
import { changedFields, formOf, ruleExplained, stayPatch } from './stay-settings-form';
import { useSettingsForm } from './use-settings-form';

const SAVE_FAILED = 'Could not save the stay settings';

/**
 * How stays are counted and charged (issue 18), on the Prices screen (admins): calendar days or nights with a
 * check-out time, the longest half day, the free cancellation days of reservations, and the two switch-over
 * settings for the business's existing web client. Saved with PUT /settings/stays (only what changed, audited).
 */
export function StaySettingsCard() {
  const settings = useStaySettings();
  const { f, errors, set, onSave, onReset, changed, saving } = useSettingsForm({
    saved: settings.data,
    save: useSaveStaySettings(),
    formOf,
    patch: stayPatch,
    changedFields,
    savedMessage: STAY_SETTINGS_SAVED,
    saveFailed: SAVE_FAILED,
  });

  if (settings.isPending) return <LoadingState label="Loading the stay settings..." />;
  if (!f) return <ErrorState message={settings.error?.message ?? ''} onRetry={() => void settings.refetch()} />;

  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="md">
        <LabelledSegments
          id="stay-rule-label"
          label="How a stay is counted"
          value={f.countingRule}
          onChange={(v) => set('countingRule', v)}
          data={[
            { value: 'calendar_days', label: 'Calendar days' },
            { value: 'nights', label: 'Nights' },
          ]}
          maw={360}
        >
          <Text size="sm" c="dimmed" data-testid="stay-rule-explained">
            {ruleExplained(f)}
          </Text>
        </LabelledSegments>
        <Group align="flex-start" gap="md" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            type="time"
            label="Check-out time"
            description={f.countingRule === 'nights' ? 'Later is a late check-out' : 'Used by the nights rule'}
            value={f.checkOutTime}
            onChange={(e) => set('checkOutTime', e.currentTarget.value)}
            error={errors.checkOutTime}
            miw={160}
          />
          <NumberInput
            {...COUNT_INPUT}
            label="Longest half day (hours)"
            description="Day Care and Hostel: a stay within one day of at most this is a half day"
            min={1}
            max={12}
            value={f.halfDayMaxHours}
            onChange={(v) => set('halfDayMaxHours', v)}
            error={errors.halfDayMaxHours}
            miw={160}
          />
          <NumberInput
            {...COUNT_INPUT}
            label="Free cancellation (days before check-in)"
            description="A reservation cancelled earlier gets its deposit back in full"
            min={0}
            max={60}
            value={f.freeCancellationDays}
            onChange={(v) => set('freeCancellationDays', v)}
            error={errors.freeCancellationDays}
            miw={160}
          />
        </Group>
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            The existing web client (during the switch-over)
          </Text>
          <Switch
            label="Its deboard with money due records the payment"
            description="The old Deboard screen can only tick 'payment has been completed'. When on, what is due is recorded as received ('Method not recorded', with a receipt) and the pet is deboarded. When off, it is refused and staff settle in Pawdesk."
            checked={f.legacyDeboardRecordsPayment}
            onChange={(e) => set('legacyDeboardRecordsPayment', e.currentTarget.checked)}
          />
          <Switch
            label="Its boarding sales acknowledge the admission rule"
            description="The old New Visit form cannot confirm the admission warning (age, core vaccines). When on, its sale of a flagged dog is recorded as acknowledged by 'the existing client'. When off, it is refused."
            checked={f.legacyAdmissionAcknowledged}
            onChange={(e) => set('legacyAdmissionAcknowledged', e.currentTarget.checked)}
          />
          {f.legacyDeboardRecordsPayment || f.legacyAdmissionAcknowledged ? (
            <Alert color="yellow" variant="light" p="xs">
              Every use is recorded in the audit log. Switch these off once the desk works only in Pawdesk.
            </Alert>
          ) : null}
        </Stack>
        <SettingsActions changed={changed} saving={saving} onReset={onReset} onSave={onSave} saveLabel="Save stay settings" />
      </Stack>
    </Card>
  );
}
