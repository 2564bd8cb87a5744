import { Box, Button, Card, Fieldset, Group, Loader, Overlay, Stack, Text, Title } from '@mantine/core';
import { type AddPetBody, addPetBody, ADD_FORM_SPECIES, PET_SAVED } from '@pawdesk/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { FormProvider, useFieldArray, useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useAddPets } from '../api/save-pets';
import { ExistingOwnerNotice, useExistingOwner } from '../components/ExistingOwnerNotice';
import { OwnerFields } from '../components/OwnerFields';
import { PetFields } from '../components/PetFields';
import { emptyPetValues, type OwnerContactValues, onSaveError, type PetFormValues } from '../forms';

interface PetForm extends PetFormValues {
  vaccinations: { name: string; numberOfDose: string; givenOn: string; serialNo: string; nextDue: string }[];
}
interface AddPetForm extends OwnerContactValues {
  ownerName: string;
  pets: PetForm[];
}

const emptyPet = (): PetForm => ({ ...emptyPetValues('dog'), vaccinations: [] });
const emptyForm = (): AddPetForm => ({ ownerName: '', phone: '', email: '', address: '', pets: [emptyPet()] });

type OwnerTyped = Pick<AddPetForm, 'ownerName' | 'email' | 'address'>;

/**
 * The owner's fields. When the phone belongs to an existing owner, whose details on file are kept, the name, email
 * and address are not asked for (issue 18: no address typed and then discarded): the form carries the details on
 * file instead, and what was typed comes back if the phone changes to a new number.
 */
function OwnerDetails(): ReactNode {
  const form = useFormContext<AddPetForm>();
  const owner = useExistingOwner();
  const typed = useRef<OwnerTyped | null>(null);
  const { getValues, setValue, clearErrors } = form;
  useEffect(() => {
    if (owner) {
      typed.current ??= { ownerName: getValues('ownerName'), email: getValues('email'), address: getValues('address') };
      setValue('ownerName', owner.name);
      setValue('email', owner.email ?? '');
      setValue('address', owner.address || typed.current.address);
      clearErrors(['ownerName', 'email', 'address']);
    } else if (typed.current) {
      for (const [k, v] of Object.entries(typed.current)) setValue(k as keyof OwnerTyped, v);
      typed.current = null;
    }
  }, [owner, getValues, setValue, clearErrors]);
  // An owner without an address on file (none should exist) is still asked for one.
  const phoneOnly = Boolean(owner?.address);
  return (
    <>
      <OwnerFields nameField="ownerName" autoFocus phoneOnly={phoneOnly} />
      {owner ? <ExistingOwnerNotice owner={owner} /> : null}
    </>
  );
}

/** Add New Pet & Owner (/staff/pet): one owner with one or more pets in one submission (spec 000 §2). */
export default function AddPetPage() {
  const navigate = useNavigate();
  const add = useAddPets();
  // Checked on Save, all fields at once (issue 18): checking a field as it is left (a future date of birth) grew the
  // form under the pointer, so the first click on Save landed beside the moved button and showed that error alone.
  const form = useZodForm<AddPetForm, AddPetBody>(addPetBody, emptyForm(), 'onSubmit');
  const pets = useFieldArray({ control: form.control, name: 'pets' });

  const onSubmit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: (res) => {
        notify.success(res.message || PET_SAVED);
        if (res.ownerExisted) notify.info('An owner with this phone number was already registered; the pets were added to them.');
        form.reset(emptyForm());
        // Pet Records opens with the (first) new pet selected.
        navigate('/staff/history', { state: { petId: res.petIds[0] } });
      },
      onError: onSaveError(form),
    }),
  );

  return (
    <>
      <PageHeader title="Add New Pet & Owner" subtitle="Register an owner with one or more pets in a single submission" />
      <Box pos="relative">
        {add.isPending ? (
          <Overlay fixed center zIndex={300} color="#fff" backgroundOpacity={0.85}>
            <Stack align="center" gap="xs" role="status" aria-live="polite">
              <Loader />
              <Text fw={600}>Adding pet information...</Text>
            </Stack>
          </Overlay>
        ) : null}
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate aria-busy={add.isPending}>
            <Stack gap="lg">
              <Card withBorder radius="md" padding="lg">
                <Title order={2} fz="lg" mb="sm">
                  Owner details
                </Title>
                <OwnerDetails />
              </Card>

              {pets.fields.map((f, i) => (
                <Card key={f.id} withBorder radius="md" padding="lg">
                  <Fieldset
                    variant="unstyled"
                    legend={
                      <Group justify="space-between" w="100%">
                        <Title order={2} fz="lg">
                          Pet {i + 1}
                        </Title>
                      </Group>
                    }
                    aria-label={`Pet ${i + 1}`}
                  >
                    <PetFields prefix={`pets.${i}.`} species={ADD_FORM_SPECIES} vaccinations vaccinationDates />
                    {i > 0 ? (
                      <Group justify="flex-end" mt="sm">
                        <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => pets.remove(i)}>
                          Remove pet {i + 1}
                        </Button>
                      </Group>
                    ) : null}
                  </Fieldset>
                </Card>
              ))}

              <Group justify="space-between" wrap="wrap">
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => pets.append(emptyPet())}>
                  Add another pet
                </Button>
                <Group>
                  <Button variant="default" onClick={() => form.reset(emptyForm())} disabled={add.isPending}>
                    Reset
                  </Button>
                  <Button type="submit" disabled={add.isPending}>
                    Save owner and pets
                  </Button>
                </Group>
              </Group>
            </Stack>
          </form>
        </FormProvider>
      </Box>
    </>
  );
}
