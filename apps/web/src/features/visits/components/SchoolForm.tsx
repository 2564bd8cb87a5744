import { Alert, Button, Text } from '@mantine/core';
import { type SchoolVisitBody, VISIT_MESSAGES } from '@pawdesk/shared';
import { IconAlertCircle, IconShoppingCart } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormCard, type VisitFormProps } from './form-parts';
import { useAdmission } from './AdmissionWarning';
import { StayDates } from './StayDates';
import { useSubscriptionSwitch } from './SubscriptionSwitch';

/**
 * Day School and Play School: saved only with the pet's subscription activated (spec 001 §4). Without it, Save says
 * 'avail subscription then save visit' on the form (issue 18: not a 'Something went wrong' toast), with Buy
 * Subscription for the pet when it holds none, or the switch to turn on when it does.
 */
export function SchoolForm({ petId, type, saver, code }: VisitFormProps & { code: 'day_school' | 'play_school' }) {
  const navigate = useNavigate();
  const sub = useSubscriptionSwitch(petId, type._id, type.purpose);
  const admission = useAdmission(petId);
  const [asked, setAsked] = useState(false);
  const missing = asked && !sub.active;

  const save = () => {
    if (!sub.active) {
      setAsked(true);
      return;
    }
    setAsked(false);
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
      {missing ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          data-testid="subscription-required"
        >
          <Text size="sm" fw={600}>
            {VISIT_MESSAGES.subscriptionRequired}
          </Text>
          {sub.subscription ? (
            <Text size="sm" mt={4}>
              Turn on “Activate subscription for this visit” above, then Save Visit.
            </Text>
          ) : (
            <>
              <Text size="sm" mt={4}>
                This pet has no {type.purpose} subscription. Buy one, then save the visit.
              </Text>
              <Button
                mt="sm"
                size="sm"
                leftSection={<IconShoppingCart size={16} aria-hidden />}
                onClick={() => navigate('/staff/buysubscription', { state: { petId } })}
              >
                Buy Subscription
              </Button>
            </>
          )}
        </Alert>
      ) : null}
      {admission.element}
    </FormCard>
  );
}
