import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { SessionsSection } from '../../../components/account/SessionsSection';

/** /staff/account: the staff member's own sessions and password (from the header's profile menu). */
export default function StaffAccountPage() {
  return (
    <Stack>
      <PageHeader title="My Account" subtitle="Where you are signed in, and your password." />
      <SessionsSection />
    </Stack>
  );
}
