import { type PetDetails, todayIn, type Vaccination } from '@pawdesk/shared';
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

/** One vaccination row of the staff forms (VaccinationRows with dates); `_id` when it is a stored row. */
export interface VaccinationFormValues {
  _id?: string;
  name: string;
  numberOfDose: string;
  givenOn: string;
  serialNo: string;
  nextDue: string;
}

/** A stored vaccination as form values (blank where not recorded). */
export const vaccinationFormValues = (v: Vaccination): VaccinationFormValues => ({
  _id: v._id,
  name: v.name,
  numberOfDose: v.numberOfDose === null ? '' : String(v.numberOfDose),
  givenOn: v.givenOn ?? '',
  serialNo: v.serialNo ?? '',
  nextDue: v.nextDue ?? '',
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
