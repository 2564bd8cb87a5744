import { Card, SimpleGrid, Textarea, TextInput, Title } from '@mantine/core';
import { earliestFollowUpDate, todayIn } from '@pawdesk/shared';
import type { UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../lib/forms';
import type { RxFormValues } from './SectionRows';
import { FormDateField } from '../../../components/dates/DateField';

/** Follow-up date (after today), time and purpose, and the diagnosis. */
export function FollowUpCard({ form }: { form: UseFormReturn<RxFormValues> }) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="rx-followup">
      <Title order={2} fz="md" id="rx-followup" mb="sm">
        Follow-up and Diagnosis
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <FormDateField<RxFormValues>
          form={form}
          name="nextFollowUp"
          label="Follow-up Date"
          min={earliestFollowUpDate(todayIn())}
        />
        <TextInput type="time" label="Follow-up Time" {...fieldProps(form, 'followUpTime')} />
        <TextInput
          label="Follow-up Purpose"
          placeholder="e.g. Wound check"
          maxLength={500}
          {...fieldProps(form, 'followUpPurpose')}
        />
      </SimpleGrid>
      <Textarea mt="md" label="Diagnosis" autosize minRows={2} maxLength={4000} {...fieldProps(form, 'diagnosis')} />
    </Card>
  );
}
