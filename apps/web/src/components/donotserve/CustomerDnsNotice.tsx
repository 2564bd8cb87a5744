import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type CustomerDnsFlag, formatDate } from '@pawdesk/shared';
import { IconPlayerPause } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { customerDnsQuery, requestReview, useDnsAction } from './api';
import { ReasonModal } from './ReasonModal';

/** The customer's paused services (their own flag, and their pets'), keyed by pet id ('' for the owner). */
export function useCustomerDns() {
  const q = useQuery(customerDnsQuery());
  const byPet = new Map<string, CustomerDnsFlag>();
  for (const f of q.data?.flags ?? []) byPet.set(f.petId ?? '', f);
  return { ...q, byPet, owner: byPet.get('') ?? null };
}

function ReviewStatus({ flag }: { flag: CustomerDnsFlag }) {
  const r = flag.review;
  if (!r) return null;
  if (r.status === 'pending')
    return (
      <Text size="xs" fw={600} c="orange.9">
        Review requested on {formatDate(r.createdAt)}: waiting for the resort
      </Text>
    );
  return (
    <Text size="xs" c="dimmed">
      Your last review request was {r.status === 'rejected' ? 'not granted' : 'granted'}
      {r.adminNote ? `: ${r.adminNote}` : ''}
    </Text>
  );
}

/**
 * "Service paused: <reason>" for the owner (their own flag, or a pet's): with the status of their review request and
 * a "Request review" form (one pending request per flag).
 */
export function CustomerDnsNotice({ flag }: { flag: CustomerDnsFlag }) {
  const [open, setOpen] = useState(false);
  const ask = useDnsAction(requestReview);
  const pending = flag.review?.status === 'pending';
  return (
    <Alert color="red" icon={<IconPlayerPause size={18} />} title={`Service paused: ${flag.reason}`} role="status">
      <Stack gap={6}>
        <Text size="sm">
          {flag.subject === 'pet' ? `Bookings and visits for ${flag.subjectName}` : 'Bookings and visits'} are paused since{' '}
          {formatDate(flag.since)}. You may ask the resort to review it.
        </Text>
        <Group gap="sm">
          <ReviewStatus flag={flag} />
          {pending ? null : (
            <Button size="xs" variant="white" color="red" onClick={() => setOpen(true)}>
              Request review
            </Button>
          )}
        </Group>
      </Stack>
      <ReasonModal
        opened={open}
        onClose={() => setOpen(false)}
        title="Request a review"
        intro="Tell the resort why the pause should be lifted. An admin will reply in your inbox."
        label="Reason"
        confirmLabel="Send request"
        busy={ask.isPending}
        serverError={ask.isError ? errorMessage(ask.error, 'Could not send the request') : null}
        onSubmit={(reason) =>
          ask.mutate(
            { id: flag._id, reason },
            {
              onSuccess: (r) => {
                notify.success(r.message ?? 'Review requested');
                setOpen(false);
              },
            },
          )
        }
      />
    </Alert>
  );
}

/** Every paused service of the signed-in customer (their dashboard): nothing when none. */
export function CustomerDnsNotices() {
  const q = useCustomerDns();
  const flags = q.data?.flags ?? [];
  if (flags.length === 0) return null;
  return (
    <Stack gap="sm" aria-label="Paused services">
      {flags.map((f) => (
        <CustomerDnsNotice key={f._id} flag={f} />
      ))}
    </Stack>
  );
}
