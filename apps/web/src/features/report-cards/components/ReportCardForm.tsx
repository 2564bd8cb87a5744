import { Button, Group, Input, SegmentedControl, Stack, Textarea } from '@mantine/core';
import {
  ACTIVITY_LABELS,
  MOOD_LABELS,
  REPORT_TEXT_MAX,
  type ReportCard,
  type UpdateReportCardBody,
  updateReportCardBody,
} from '@pawdesk/shared';
import { Controller } from 'react-hook-form';
import { fieldProps, useZodForm } from '../../../lib/forms';

export interface ReportCardValues {
  mood: number | null;
  activity: number | null;
  note: string;
}

/** The form's starting values: the card's, or nothing chosen for a new card. */
export const cardValues = (card: ReportCard | null): ReportCardValues => ({
  mood: card?.mood ?? null,
  activity: card?.activity ?? null,
  note: card?.note ?? '',
});

const SCALE = ['1', '2', '3', '4', '5'];

function Scale({
  label,
  words,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  words: readonly string[];
  value: number | null;
  onChange: (v: number) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <Input.Wrapper label={label} error={error} description={value ? words[value] : 'Choose 1 (low) to 5 (high)'}>
      <SegmentedControl
        fullWidth
        aria-label={label}
        data={SCALE.map((v) => ({ value: v, label: v }))}
        value={value ? String(value) : ''}
        onChange={(v) => onChange(Number(v))}
        disabled={disabled}
      />
    </Input.Wrapper>
  );
}

export interface ReportCardFormProps {
  card: ReportCard | null;
  onSave: (body: UpdateReportCardBody) => Promise<unknown>;
  saving?: boolean;
  disabled?: boolean;
}

/** Mood and activity (1–5) and a note (≤ 2000 characters): today's card, new or a draft being edited. */
export function ReportCardForm({ card, onSave, saving, disabled }: ReportCardFormProps) {
  const form = useZodForm<ReportCardValues, UpdateReportCardBody>(updateReportCardBody, cardValues(card));
  const note = form.watch('note') ?? '';
  return (
    <form
      noValidate
      aria-label="Report card"
      onSubmit={form.handleSubmit(async (body) => {
        await onSave(body).catch(() => {});
      })}
    >
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="mood"
          render={({ field, fieldState }) => (
            <Scale
              label="Mood"
              words={MOOD_LABELS}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              disabled={disabled}
            />
          )}
        />
        <Controller
          control={form.control}
          name="activity"
          render={({ field, fieldState }) => (
            <Scale
              label="Activity"
              words={ACTIVITY_LABELS}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              disabled={disabled}
            />
          )}
        />
        <Textarea
          label="Note for the owner"
          autosize
          minRows={3}
          maxRows={10}
          description={`${note.length}/${REPORT_TEXT_MAX}`}
          disabled={disabled}
          {...fieldProps(form, 'note')}
        />
        {disabled ? null : (
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {card ? 'Save changes' : 'Save report card'}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
