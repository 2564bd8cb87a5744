import {
  Alert,
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
import { IconUserExclamation } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { RequireCustomer } from '../../../components/RequireCustomer';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverAnswered } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { errorAt, fieldProps, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useCustomerAddPet, useCustomerOwnerInfo, useMyPets } from '../api/customer-pets';
import { breedText } from '../components/PetDetailsView';
import { PetFields, VaccinationRows } from '../components/PetFields';
import { OwnerPhoneField } from '../components/OwnerFields';
import { emptyPetValues, onSaveError, type PetFormValues, type VaccinationFormValues } from '../forms';

interface CustomerPetForm extends PetFormValues {
  segment: string;
  phone: string;
  address: string;
  vaccinations: VaccinationFormValues[];
}

/** Where the profile page sends the customer back to once their phone and address are saved. */
export const COMPLETE_PROFILE_PATH = `/customer/profile?next=${encodeURIComponent('/customer/petform')}`;

/**
 * A customer who signed up without a phone or address (signup asks for neither) completes the profile before the
 * first pet: a clear message and the way there and back, instead of a form that would fail on fields it never showed.
 */
function CompleteProfileFirst({ missing }: { missing: { phone: boolean; address: boolean } }) {
  const what = [missing.phone ? 'phone number' : null, missing.address ? 'address' : null].filter(Boolean).join(' and ');
  return (
    <Card withBorder radius="md" padding="lg">
      <Alert color="orange" variant="light" title="Complete your profile first" icon={<IconUserExclamation />} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Before you register your first pet, please add your {what} to your profile. The clinic needs them to reach you about
            your pet.
          </Text>
          <Button component={Link} to={COMPLETE_PROFILE_PATH}>
            Complete my profile
          </Button>
        </Stack>
      </Alert>
    </Card>
  );
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
  const [incomplete, setIncomplete] = useState<{ phone: boolean; address: boolean } | null>(null);
  // Checked on Save, all fields at once (issue 18; see AddPetPage).
  const form = useZodForm<CustomerPetForm, CustomerPetBody>(customerPetBody, emptyPet(), 'onSubmit');

  // Phone and address start from the owner record (or the account) and stay editable.
  useEffect(() => {
    if (owner.data) {
      if (!form.getValues('phone')) form.setValue('phone', owner.data.phone ?? '');
      if (!form.getValues('address')) form.setValue('address', owner.data.address ?? '');
    }
  }, [owner.data, form]);

  const onSubmit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: (res) => {
        notify.success(res.message || PET_SAVED);
        form.reset(emptyPet(values.phone ?? '', values.address ?? ''));
      },
      onError: (err) => {
        // The server's profile rule (issue 19): the profile lost its phone or address since the page loaded.
        if (serverAnswered(err) && err.errors.profile)
          return setIncomplete({ phone: Boolean(err.errors.phone), address: Boolean(err.errors.address) });
        onSaveError(form)(err);
      },
    }),
  );

  if (owner.isPending) return <LoadingState label="Loading your details..." />;
  if (owner.isError)
    return <ErrorState title="Could not load your details" message={owner.error.message} onRetry={() => void owner.refetch()} />;
  const missing = incomplete ?? { phone: !owner.data.phone, address: !owner.data.address };
  if (missing.phone || missing.address) return <CompleteProfileFirst missing={missing} />;

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
            <VaccinationRows prefix="" withDates />
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
