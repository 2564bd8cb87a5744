import { type PetDetails, todayIn } from '@pawdesk/shared';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { notify } from '../../lib/notify';
import { saveFailure } from './components/save-errors';

/** What the fields of one pet (PetFields) hold, in the add, customer and edit forms. */
export interface PetFormValues {
  name: string;
  species: string;
  breed: string;
  customBreed: string;
  sex: string;
  color: string;
  dob: string;
  neutered: boolean;
  registrationDate: string;
}

/** A blank pet, registered today. */
export const emptyPetValues = (species: string): PetFormValues => ({
  name: '',
  species,
  breed: '',
  customBreed: '',
  sex: '',
  color: '',
  dob: '',
  neutered: false,
  registrationDate: todayIn(),
});

/** A saved pet as form values. */
export const petFormValues = (pet: PetDetails): PetFormValues => ({
  name: pet.name,
  species: pet.species,
  breed: pet.breed,
  customBreed: pet.customBreed ?? '',
  sex: pet.sex,
  color: pet.color,
  dob: pet.dob ?? '',
  neutered: pet.neutered,
  registrationDate: pet.registrationDate,
});

/** What OwnerFields hold (the owner's name is `ownerName` or `name`, per form). */
export interface OwnerContactValues {
  phone: string;
  email: string;
  address: string;
}

/** A failed save: the server's field errors go on the form's fields, its message (or 'Error saving data') in a toast. */
export function onSaveError<V extends FieldValues, B>(form: UseFormReturn<V, unknown, B>) {
  return (err: unknown) =>
    notify.error(
      saveFailure(err, (p, e) => form.setError(p as never, e)),
      err,
    );
}
