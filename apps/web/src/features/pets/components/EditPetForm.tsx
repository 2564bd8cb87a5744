import { type EditPetBody, editPetBody, type PetDetails, SPECIES } from '@pawdesk/shared';
import { useZodForm } from '../../../lib/forms';
import { useEditPet } from '../api/save-pets';
import { type PetFormValues, petFormValues, type VaccinationFormValues, vaccinationFormValues } from '../forms';
import { EditFormCard } from './EditFormCard';
import { PetFields } from './PetFields';

interface EditPetFormValues extends PetFormValues {
  id: string;
  vaccinations: VaccinationFormValues[];
}

/**
 * Inline Edit Pet Details form (spec 000 §2, §5): the pet's fields and its vaccinations (name, doses, date given,
 * batch / serial number, next due; each row keeps its id so the server updates it in place). On success 'Changes
 * saved successfully' and back to the dashboard.
 */
export function EditPetForm({ pet, onCancel }: { pet: PetDetails; onCancel: () => void }) {
  const edit = useEditPet();
  const form = useZodForm<EditPetFormValues, EditPetBody>(editPetBody, {
    id: pet._id,
    ...petFormValues(pet),
    vaccinations: pet.vaccinations.map(vaccinationFormValues),
  });
  return (
    <EditFormCard form={form} save={edit} title="Edit Pet Details" label="Edit pet details" onCancel={onCancel}>
      <PetFields prefix="" species={SPECIES} vaccinations vaccinationDates autoFocus />
    </EditFormCard>
  );
}
