import { Alert, Text } from '@mantine/core';
import { formatINR, type VisitTypeApi } from '@pawdesk/shared';
import { IconCreditCard } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { BuySubscriptionForm } from '../../../components/BuySubscriptionForm';
import { DogParkForm } from './DogParkForm';
import { GroomingForm } from './GroomingForm';
import { InquiryForm } from './InquiryForm';
import { SchoolForm } from './SchoolForm';
import { ShopForm } from './ShopForm';
import { StayForm } from './StayForm';
import { type AppointmentCredit, AppointmentCreditContext, creditFor } from './appointment-credit';
import { useVisitSave } from './use-visit-save';
import { VeterinaryForm } from './VeterinaryForm';

/** The sub-form of the purpose chosen, keyed on the type's stable code; each has the shared save flow. */
export function PurposeForm({
  petId,
  type,
  appointment = null,
}: {
  petId: string;
  type: VisitTypeApi;
  /** New Visit opened from an online appointment (issue 19): the money held for it is applied to this visit. */
  appointment?: AppointmentCredit | null;
}) {
  const credit = creditFor(appointment, type.code);
  const saver = useVisitSave(petId, type._id, credit);
  const navigate = useNavigate();
  const props = { petId, type, saver };
  let form: React.ReactNode;
  switch (type.code) {
    case 'inquiry':
      form = <InquiryForm {...props} />;
      break;
    case 'dog_park':
      form = <DogParkForm {...props} />;
      break;
    case 'veterinary':
      form = <VeterinaryForm {...props} />;
      break;
    case 'hostel':
    case 'day_care':
      form = <StayForm {...props} code={type.code} />;
      break;
    case 'day_school':
    case 'play_school':
      form = <SchoolForm {...props} code={type.code} />;
      break;
    case 'grooming':
      form = <GroomingForm {...props} />;
      break;
    case 'shop':
      form = <ShopForm {...props} />;
      break;
    case 'buy_subscription':
      return <BuySubscriptionForm petId={petId} visitTypeId={type._id} onDone={() => navigate('/staff/dashboard')} />;
    default:
      return (
        <Alert color="yellow" title="Invalid Selection">
          <Text size="sm">{type.purpose} cannot be recorded from this screen.</Text>
        </Alert>
      );
  }
  return (
    <AppointmentCreditContext.Provider value={credit}>
      {credit && credit.held > 0 ? (
        <Alert color="green" variant="light" icon={<IconCreditCard size={18} />} mb="md" data-testid="appointment-credit">
          Paid online for this appointment: {formatINR(credit.held)} — applied to this visit. Only the rest of the price is
          collected now; anything beyond it is kept on the owner&apos;s unapplied balance.
        </Alert>
      ) : null}
      {form}
      {saver.element}
    </AppointmentCreditContext.Provider>
  );
}
