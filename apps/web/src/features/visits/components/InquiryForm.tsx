import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { followUpIssues, INQUIRY_FOLLOW_UP_PAST, isInquiryFollowUpDateAllowed, todayIn, VISIT_MESSAGES } from '@pawdesk/shared';
import { useState } from 'react';
import { FormCard, type VisitFormProps } from './form-parts';
import { DateField } from '../../../components/dates/DateField';

const EMPTY = { note: '', nextFollowUp: '', followUpTime: '', followUpPurpose: '' };
type Fields = typeof EMPTY;

/** Inquiry: a description (required), and optionally a follow-up (date, time and purpose: all or none). Costs nothing. */
export function InquiryForm({ petId, type, saver }: VisitFormProps) {
  const [v, setV] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const today = todayIn();
  const field = (name: keyof Fields) => ({
    value: v[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setV((s) => ({ ...s, [name]: value }));
    },
    error: errors[name] ?? saver.fieldErrors[name],
  });

  const save = () => {
    const found: Partial<Record<keyof Fields, string>> = {};
    if (!v.note.trim()) found.note = VISIT_MESSAGES.inquiryNote;
    for (const i of followUpIssues(v)) found[i.field as keyof Fields] = i.message;
    if (v.nextFollowUp && !isInquiryFollowUpDateAllowed(v.nextFollowUp, today)) found.nextFollowUp = INQUIRY_FOLLOW_UP_PAST;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    saver.submit({
      code: 'inquiry',
      total: 0,
      fallback: 'Failed to save visit',
      build: () => ({
        petId,
        visitType: type._id,
        note: v.note.trim(),
        nextFollowUp: v.nextFollowUp || null,
        followUpTime: v.followUpTime || null,
        followUpPurpose: v.followUpPurpose.trim() || null,
      }),
    });
  };

  return (
    <FormCard title="Inquiry" action="Save Inquiry" onAction={save} busy={saver.busy}>
      <Textarea label="Inquiry description" required autosize minRows={3} maxLength={2000} {...field('note')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <DateField
          label="Follow-up date"
          min={today}
          value={v.nextFollowUp}
          onChange={(value) => setV((s) => ({ ...s, nextFollowUp: value }))}
          error={field('nextFollowUp').error}
        />
        <TextInput type="time" label="Follow-up time" {...field('followUpTime')} />
        <TextInput label="Follow-up purpose" maxLength={200} {...field('followUpPurpose')} />
      </SimpleGrid>
    </FormCard>
  );
}
