import {
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  Overlay,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type CustomerPetBody, customerPetBody, PET_SAVED, SEGMENTS, SPECIES, speciesLabel } from '@pawdesk/shared';
import { useEffect } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { RequireCustomer } from '../../../components/RequireCustomer';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useAuth } from '../../../lib/auth';
import { errorAt, fieldProps, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useCustomerAddPet, useCustomerOwnerInfo, useMyPets } from '../api/customer-pets';
import { breedText } from '../components/PetDetailsView';
import { PetFields, VaccinationRows } from '../components/PetFields';
import { OwnerPhoneField } from '../components/OwnerFields';
import { emptyPetValues, onSaveError, type PetFormValues } from '../forms';

interface CustomerPetForm extends PetFormValues {
  segment: string;
  phone: string;
  address: string;
  vaccinations: { name: string; numberOfDose: string }[];
}

const emptyPet = (phone = '', address = ''): CustomerPetForm => ({
  ...emptyPetValues(''),
  segment: '',
  phone,
  address,
  vaccinations: [],
});

function MyPets() {
  const q = useMyPets();
  if (q.isPending) return <LoadingState label="Loading your pets..." />;
  if (q.isError)
    return (
      <ErrorState title="Could not load pets" message="Failed to load your registered pets" onRetry={() => void q.refetch()} />
    );
  if (q.data.length === 0) return <EmptyState title="No registered pets found." />;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your registered pets">
      {q.data.map((p) => (
        <Card key={p._id} component="li" withBorder radius="sm" padding="sm">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fw={600}>{p.name}</Text>
              <Text size="sm" c="dimmed">
                {speciesLabel(p.species)} · {breedText(p)}
              </Text>
            </div>
            {p.segment ? (
              <Badge variant="light" color="grape" style={{ flexShrink: 0, overflow: 'visible' }}>
                {p.segment}
              </Badge>
            ) : null}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function PetForm() {
  const { user } = useAuth();
  const owner = useCustomerOwnerInfo();
  const add = useCustomerAddPet();
  // Checked on Save, all fields at once (issue 18; see AddPetPage).
  const form = useZodForm<CustomerPetForm, CustomerPetBody>(customerPetBody, emptyPet(), 'onSubmit');

  // Phone and address start from the owner record (or the account) and stay editable.
  useEffect(() => {
    if (owner.data) {
      if (!form.getValues('phone')) form.setValue('phone', owner.data.phone);
      if (!form.getValues('address')) form.setValue('address', owner.data.address);
    }
  }, [owner.data, form]);

  const onSubmit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: (res) => {
        notify.success(res.message || PET_SAVED);
        form.reset(emptyPet(values.phone, values.address));
      },
      onError: onSaveError(form),
    }),
  );

  return (
    <Card withBorder radius="md" padding="lg" pos="relative">
      {add.isPending ? (
        <Overlay center color="#fff" backgroundOpacity={0.8} zIndex={5} radius="md">
          <Stack align="center" gap="xs" role="status">
            <Loader />
            <Text fw={600}>Saving your pet...</Text>
          </Stack>
        </Overlay>
      ) : null}
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-label="Register New Pet">
          <Stack gap="lg">
            <div>
              <Title order={2} fz="lg" mb="sm">
                Pet details
              </Title>
              <PetFields prefix="" species={SPECIES} autoFocus />
            </div>
            <Controller
              control={form.control}
              name="segment"
              render={({ field }) => (
                <Radio.Group
                  label="Segment"
                  required
                  value={field.value}
                  onChange={field.onChange}
                  error={errorAt(form.formState.errors, 'segment')}
                >
                  <Group mt={6}>
                    {SEGMENTS.map((s) => (
                      <Radio key={s} value={s} label={s} />
                    ))}
                  </Group>
                </Radio.Group>
              )}
            />
            <VaccinationRows prefix="" withDates={false} />
            <div>
              <Title order={2} fz="lg" mb="sm">
                Owner details
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label="Owner name" value={owner.data?.ownerName ?? user?.fullName ?? ''} readOnly variant="filled" />
                <TextInput label="Email" value={owner.data?.email ?? user?.email ?? ''} readOnly variant="filled" />
                <OwnerPhoneField />
                <Textarea label="Address" required autosize minRows={1} {...fieldProps(form, 'address')} />
              </SimpleGrid>
            </div>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => form.reset(emptyPet(form.getValues('phone'), form.getValues('address')))}>
                Reset
              </Button>
              <Button type="submit" disabled={add.isPending}>
                Register Pet
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Card>
  );
}

/** Customer pet registration (/customer/petform and /customerpetform; spec 001 §3, §5). */
export default function CustomerPetFormPage() {
  return (
    <RequireCustomer>
      <PageHeader
        title="Register New Pet"
        subtitle="Add your pet so you can book services and buy subscriptions"
        actions={
          <Button component={Link} to="/customer/viewvisit" variant="light">
            My pets' visits
          </Button>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <PetForm />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="md" padding="lg" component="section" aria-label="Your registered pets">
            <Title order={2} fz="lg" mb="sm">
              Your registered pets
            </Title>
            <MyPets />
          </Card>
        </Grid.Col>
      </Grid>
    </RequireCustomer>
  );
}
