import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import {
  type CreateIncidentBody,
  createIncidentBody,
  INCIDENT_KIND_LABELS,
  INCIDENT_KINDS,
  type IncidentKind,
  REPORT_TEXT_MAX,
} from '@pawdesk/shared';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { fieldProps, useZodForm } from '../../../lib/forms';

export interface IncidentValues {
  boardingId: string;
  kind: IncidentKind | null;
  whatHappened: string;
  actionTaken: string;
  /** `yyyy-MM-ddTHH:mm` from the browser's date-time input (local time); '' for now. */
  occurredAt: string;
}

/** A `datetime-local` value (the device's local time) as an ISO instant; '' (now) as null. */
export function localToIso(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? 'invalid' : d.toISOString();
}

/** The form's values to the request: the shared schema, after the local time is made an instant. */
const incidentForm = z.preprocess(
  (v) => (v && typeof v === 'object' ? { ...v, occurredAt: localToIso((v as IncidentValues).occurredAt) } : v),
  createIncidentBody,
) as unknown as z.ZodType<CreateIncidentBody>;

export interface IncidentFormProps {
  boardingId: string;
  onSave: (body: CreateIncidentBody) => Promise<unknown>;
  saving?: boolean;
}

/** Record an incident: kind, what happened, action taken (both required), when (default now). */
export function IncidentForm({ boardingId, onSave, saving }: IncidentFormProps) {
  const form = useZodForm<IncidentValues, CreateIncidentBody>(incidentForm, {
    boardingId,
    kind: null,
    whatHappened: '',
    actionTaken: '',
    occurredAt: '',
  });
  return (
    <form
      noValidate
      aria-label="Record an incident"
      onSubmit={form.handleSubmit(async (body) => {
        await onSave(body).then(
          () => form.reset(),
          () => {},
        );
      })}
    >
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="kind"
          render={({ field, fieldState }) => (
            <Select
              label="Kind"
              placeholder="Choose"
              data={INCIDENT_KINDS.map((k) => ({ value: k, label: INCIDENT_KIND_LABELS[k] }))}
              value={field.value}
              onChange={(v) => field.onChange(v)}
              error={fieldState.error?.message}
              allowDeselect={false}
            />
          )}
        />
        <Textarea label="What happened" autosize minRows={2} maxLength={REPORT_TEXT_MAX} {...fieldProps(form, 'whatHappened')} />
        <Textarea label="Action taken" autosize minRows={2} maxLength={REPORT_TEXT_MAX} {...fieldProps(form, 'actionTaken')} />
        <TextInput
          label="When it happened"
          description="Leave empty for now"
          type="datetime-local"
          {...fieldProps(form, 'occurredAt')}
        />
        <Group justify="flex-end">
          <Button type="submit" color="red" variant="light" loading={saving}>
            Record incident
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
