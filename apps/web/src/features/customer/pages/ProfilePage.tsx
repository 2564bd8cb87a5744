import { Alert, Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type CustomerProfile, type CustomerProfileBody, customerProfileBody, PROFILE_MSG } from '@pawdesk/shared';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { PhoneField } from '../../../components/PhoneField';
import { RequireCustomer } from '../../../components/RequireCustomer';
import { DownloadDataCard } from '../../../components/account/DownloadDataCard';
import { SessionsSection } from '../../../components/account/SessionsSection';
import { ErrorState, LoadingState } from '../../../components/states';
import { serverAnswered } from '../../../lib/api-client';
import { fieldProps, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useProfile, useSaveProfile } from '../api/profile';

interface ProfileValues {
  fullName: string;
  phone: string;
  address: string;
}

/**
 * `?next=` names the customer page to go back to after saving (the pet form sends a customer here to complete the
 * profile before the first pet). Only a path of the customer area is followed.
 */
export function nextPath(params: URLSearchParams): string | null {
  const next = params.get('next');
  return next && /^\/customer\/[\w/-]*$/.test(next) ? next : null;
}

/** The form, once the profile is loaded (its values start from it). */
function ProfileForm({ profile }: { profile: CustomerProfile }) {
  const save = useSaveProfile();
  const navigate = useNavigate();
  const next = nextPath(useSearchParams()[0]);
  // Checked on Save (then as fields change): a message appearing on blur would move Save away from the pointer.
  const form = useZodForm<ProfileValues, CustomerProfileBody>(
    customerProfileBody,
    { fullName: profile.fullName, phone: profile.phone ?? '', address: profile.address ?? '' },
    'onSubmit',
  );
  const onSubmit = form.handleSubmit(
    (body) =>
      save.mutate(body, {
        onSuccess: (res) => {
          form.reset({ fullName: res.profile.fullName, phone: res.profile.phone ?? '', address: res.profile.address ?? '' });
          notify.success(res.message ?? PROFILE_MSG.saved);
          if (next) navigate(next);
        },
        onError: (err) => {
          if (!serverAnswered(err)) return notify.error('Error saving data');
          for (const [path, message] of Object.entries(err.errors)) form.setError(path as keyof ProfileValues, { message });
          notify.error(err.message, err);
        },
      }),
    () => notify.invalid('Please correct the highlighted fields.'),
  );

  return (
    <Card withBorder radius="lg" padding="lg" maw={560}>
      <form onSubmit={onSubmit} noValidate aria-label="My profile">
        <Stack>
          {next && (!profile.phone || !profile.address) ? (
            <Alert color="orange" variant="light" title="Complete your profile first">
              Add your phone number and address, then save: you will go straight back to register your pet.
            </Alert>
          ) : null}
          <TextInput label="Full name" autoComplete="name" required {...fieldProps(form, 'fullName')} />
          <TextInput
            label="Email"
            value={profile.email}
            readOnly
            variant="filled"
            description="Your sign-in email. It cannot be changed here."
          />
          <PhoneField label="Phone" placeholder="10-digit mobile number" required {...fieldProps(form, 'phone')} />
          <Textarea
            label="Address"
            autoComplete="street-address"
            autosize
            minRows={2}
            maxRows={5}
            required
            {...fieldProps(form, 'address')}
          />
          <Text size="xs" c="dimmed">
            The clinic sees these details on your pets' records, and the pet registration form starts from them.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to="/customer/dashboard" variant="default" disabled={save.isPending}>
              Back to dashboard
            </Button>
            <Button type="submit" loading={save.isPending} disabled={save.isPending}>
              {save.isPending ? 'Saving Changes...' : next ? 'Save and continue' : 'Save Changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Profile() {
  const q = useProfile();
  if (q.isPending) return <LoadingState label="Loading your profile..." />;
  if (q.isError) return <ErrorState title="Could not load your profile" message={q.error.message} onRetry={() => q.refetch()} />;
  return <ProfileForm profile={q.data} />;
}

/** /customer/profile: the customer's name, phone and address (email read-only). */
export default function ProfilePage() {
  return (
    <RequireCustomer>
      <PageHeader title="My Profile" subtitle="Keep your name, phone number and address up to date." />
      <Stack gap="lg">
        <Profile />
        <SessionsSection />
        <DownloadDataCard
          title="Your data"
          description="Download everything we keep about you and your pets: your profile, pets, vaccinations, visits, payments, appointments and the list of your bills, as spreadsheet (CSV) and JSON files in one zip."
          buttonLabel="Download my data"
          path="/customer/export"
          fallbackName="my-pawdesk-data.zip"
        />
      </Stack>
    </RequireCustomer>
  );
}
