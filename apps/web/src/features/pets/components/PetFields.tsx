import { ActionIcon, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { breedsFor, OTHER_BREED, SEXES, SPECIES, speciesLabel, todayIn } from '@pawdesk/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { fieldProps } from '../../../lib/forms';
import { FormDateField } from '../../../components/dates/DateField';

/** Loose form values: the fields of one pet under `prefix` (e.g. `pets.0.`, or '' for a single pet). */
type AnyForm = Record<string, any>;

export interface PetFieldsProps {
  /** Path prefix of this pet's fields, ending with a dot, or ''. */
  prefix: string;
  /** Species offered: the staff add form offers dog and other; the customer form and edits all eight. */
  species?: readonly string[];
  /** Show the optional vaccinations list. */
  vaccinations?: boolean;
  /** Also ask for the date given, the batch / serial number and the next due date of each vaccination (staff). */
  vaccinationDates?: boolean;
  /** Focus the first field on mount. */
  autoFocus?: boolean;
}

export const emptyVaccination = () => ({ name: '', numberOfDose: '', givenOn: '', serialNo: '', nextDue: '' });

/** The fields of one pet: name, species, breed (+ custom breed for Other), sex, color, dates, neutered, vaccinations. */
export function PetFields({
  prefix,
  species = SPECIES,
  vaccinations = false,
  vaccinationDates = false,
  autoFocus,
}: PetFieldsProps) {
  const form = useFormContext<AnyForm>();
  const { register, control, setValue, getValues } = form;
  const field = (name: string) => fieldProps(form, `${prefix}${name}`);
  const chosenSpecies: string = useWatch({ control, name: `${prefix}species` }) ?? '';
  const breed: string = useWatch({ control, name: `${prefix}breed` }) ?? '';
  const breeds = breedsFor(chosenSpecies);
  const today = todayIn();

  // A breed that does not belong to the newly chosen species is cleared (spec 000 §4).
  const firstRun = useRef(true);
  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    const current = getValues(`${prefix}breed`);
    if (current && !breedsFor(chosenSpecies).includes(current)) setValue(`${prefix}breed`, '');
  }, [chosenSpecies, prefix, getValues, setValue]);
  // Choosing a breed other than Other clears the custom breed.
  useEffect(() => {
    if (breed !== OTHER_BREED && getValues(`${prefix}customBreed`)) setValue(`${prefix}customBreed`, '');
  }, [breed, prefix, getValues, setValue]);

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        <TextInput label="Pet name" required autoFocus={autoFocus} {...field('name')} />
        <NativeSelect
          label="Species"
          required
          data={[{ value: '', label: 'Select species' }, ...species.map((s) => ({ value: s, label: speciesLabel(s) }))]}
          {...field('species')}
        />
        <NativeSelect
          label="Breed"
          required
          disabled={breeds.length === 0}
          data={[{ value: '', label: breeds.length ? 'Select breed' : 'Choose a species first' }, ...breeds]}
          {...field('breed')}
        />
        {breed === OTHER_BREED ? (
          <TextInput label="Custom breed" required placeholder="e.g. Indie mix" {...field('customBreed')} />
        ) : null}
        <NativeSelect label="Sex" required data={[{ value: '', label: 'Select sex' }, ...SEXES]} {...field('sex')} />
        <TextInput label="Color" required {...field('color')} />
        <FormDateField name={`${prefix}dob`} label="Date of birth" required max={today} />
        <FormDateField name={`${prefix}registrationDate`} label="Registration date" required />
      </SimpleGrid>
      <Checkbox label="Neutered" {...register(`${prefix}neutered`)} />
      {vaccinations ? <VaccinationRows prefix={prefix} withDates={vaccinationDates} /> : null}
    </Stack>
  );
}

/** The optional vaccination rows of one pet. */
export function VaccinationRows({ prefix, withDates }: { prefix: string; withDates: boolean }) {
  const form = useFormContext<AnyForm>();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: `${prefix}vaccinations` });
  const field = (i: number, name: string) => fieldProps(form, `${prefix}vaccinations.${i}.${name}`);
  const today = todayIn();
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Vaccinations (optional)
        </Text>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => append(emptyVaccination())}>
          Add vaccination
        </Button>
      </Group>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          No vaccinations added.
        </Text>
      ) : null}
      {fields.map((f, i) => (
        <Group key={f.id} align="flex-start" gap="xs" wrap="nowrap">
          <SimpleGrid cols={{ base: 1, xs: 2, md: withDates ? 3 : 2 }} spacing="xs" style={{ flex: 1 }}>
            <TextInput label="Vaccine name" size="sm" {...field(i, 'name')} />
            <TextInput label="Number of doses" size="sm" inputMode="numeric" {...field(i, 'numberOfDose')} />
            {withDates ? (
              <>
                <FormDateField name={`${prefix}vaccinations.${i}.givenOn`} label="Date given" size="sm" max={today} />
                <TextInput label="Batch / serial no." size="sm" maxLength={60} {...field(i, 'serialNo')} />
                <FormDateField name={`${prefix}vaccinations.${i}.nextDue`} label="Next due" size="sm" />
              </>
            ) : null}
          </SimpleGrid>
          <ActionIcon variant="subtle" color="red" mt={26} aria-label={`Remove vaccination ${i + 1}`} onClick={() => remove(i)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
