import { Text } from '@mantine/core';
import { type SchoolVisitBody, VISIT_MESSAGES } from '@pawdesk/shared';
import { notify } from '../../../lib/notify';
import { FormCard, type VisitFormProps } from './form-parts';
import { useAdmission } from './AdmissionWarning';
import { StayDates } from './StayDates';
import { useSubscriptionSwitch } from './SubscriptionSwitch';

/** Day School and Play School: saved only with the pet's subscription activated (spec 001 §4). */
export function SchoolForm({ petId, type, saver, code }: VisitFormProps & { code: 'day_school' | 'play_school' }) {
  const sub = useSubscriptionSwitch(petId, type._id, type.purpose);
  const admission = useAdmission(petId);

  const save = () => {
    if (!sub.active) {
      notify.error(VISIT_MESSAGES.subscriptionRequired);
      return;
    }
    const planId = sub.active.planId._id;
    saver.submit({
      code,
      total: 0,
      fallback: 'Failed to save visit',
      admission,
      build: (): SchoolVisitBody => ({
        petId,
        visitType: type._id,
        isSubscriptionAvailed: true,
        planId,
        admissionAcknowledged: admission.flag,
      }),
    });
  };

  return (
    <FormCard title={type.purpose} action="Save Visit" onAction={save} busy={saver.busy}>
      <Text size="sm" c="dimmed">
        {type.purpose} visits are covered by the pet's subscription.
      </Text>
      <StayDates days={1} />
      {sub.element}
      {admission.element}
    </FormCard>
  );
}
