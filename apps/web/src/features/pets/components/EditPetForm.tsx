import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { type EditPetBody, editPetBody, PET_CHANGES_SAVED, type PetDetails, SPECIES } from '@pawdesk/shared';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { useEditPet } from '../api/save-pets';
import { PetFields } from './PetFields';
import { saveFailure } from './save-errors';

interface EditPetFormValues {
  id: string;
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

/** Inline Edit Pet Details form (spec 000 §2, §5): on success 'Changes saved successfully' and back to the dashboard. */
export function EditPetForm({ pet, onCancel }: { pet: PetDetails; onCancel: () => void }) {
  const navigate = useNavigate();
  const edit = useEditPet();
  const form = useForm<EditPetFormValues, unknown, EditPetBody>({
    resolver: zodResolver(editPetBody) as unknown as Resolver<EditPetFormValues, unknown, EditPetBody>,
    defaultValues: {
      id: pet._id,
      name: pet.name,
      species: pet.species,
      breed: pet.breed,
      customBreed: pet.customBreed ?? '',
      sex: pet.sex,
      color: pet.color,
      dob: pet.dob ?? '',
      neutered: pet.neutered,
      registrationDate: pet.registrationDate,
    },
    mode: 'onTouched',
  });
  const onSubmit = form.handleSubmit((values) =>
    edit.mutate(values, {
      onSuccess: (res) => {
        notify.success(res.message || PET_CHANGES_SAVED);
        navigate('/staff/dashboard');
      },
      onError: (err) => notify.error(saveFailure(err, (p, e) => form.setError(p as never, e))),
    }),
  );
  return (
    <Card withBorder radius="md" padding="lg">
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-label="Edit pet details">
          <Stack>
            <Title order={3} fz="md">
              Edit Pet Details
            </Title>
            <PetFields prefix="" species={SPECIES} autoFocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel} disabled={edit.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={edit.isPending}>
                {edit.isPending ? 'Saving Changes...' : 'Save Changes'}
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Card>
  );
}
