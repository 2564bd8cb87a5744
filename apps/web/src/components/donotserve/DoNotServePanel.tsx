import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type DnsFlag, formatDate } from '@pawdesk/shared';
import { IconBan, IconFlag, IconFlagOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { notify } from '../../lib/notify';
import { InlineErrorState } from '../states';
import { createFlag, decideFlag, dnsSubjectQuery, type Subject, useDnsAction } from './api';
import { ReasonModal } from './ReasonModal';

const who = (f: DnsFlag) => (f.subject === 'pet' ? f.subjectName : `Owner ${f.subjectName}`);

/**
 * Do not serve on a pet's (or owner's) details: the active flag with its reason, a request waiting for an admin, and
 * the actions: "Flag do not serve" (admins: active at once) or "Request do not serve flag" (staff), and "Lift flag"
 * (admins, with a note).
 */
export function DoNotServePanel({ subject, name }: { subject: Subject; name: string }) {
  const { user } = useAuth();
  const isAdmin = user?.role === 'staff' && user.isAdmin;
  const q = useQuery(dnsSubjectQuery(subject));
  const [asking, setAsking] = useState<null | 'flag' | { lift: DnsFlag }>(null);
  const create = useDnsAction(createFlag);
  const lift = useDnsAction(decideFlag);

  if (q.isError) return <InlineErrorState message="Could not load the do-not-serve flags" onRetry={() => void q.refetch()} />;
  // A pet's answer holds its owner's flags too: each panel shows its own subject's (the owner's panel the owner's).
  const own = (q.data?.flags ?? []).filter((f) =>
    'petId' in subject ? f.petId === subject.petId : f.ownerId === subject.ownerId,
  );
  const hasLive = own.length > 0;

  const done = (message: string) => {
    notify.success(message);
    setAsking(null);
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Do not serve">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="md">
            Do not serve
          </Title>
          {!hasLive && q.isSuccess ? (
            <Button size="xs" variant="light" color="red" leftSection={<IconFlag size={14} />} onClick={() => setAsking('flag')}>
              {isAdmin ? 'Flag do not serve' : 'Request do not serve flag'}
            </Button>
          ) : null}
        </Group>
        {q.isPending ? (
          <Text size="sm" c="dimmed">
            Loading…
          </Text>
        ) : null}
        {q.isSuccess && own.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not flagged.
          </Text>
        ) : null}
        {own.map((f) => (
          <Alert
            key={f._id}
            color={f.status === 'active' ? 'red' : 'yellow'}
            icon={<IconBan size={18} />}
            title={f.status === 'active' ? `Do not serve: ${who(f)}` : `Flag requested: ${who(f)}`}
          >
            <Stack gap={4}>
              <Text size="sm">{f.reason}</Text>
              <Text size="xs" c="dimmed">
                {f.status === 'active'
                  ? `Flagged by ${f.decidedBy?.name ?? 'an admin'} on ${formatDate(f.decidedAt ?? f.requestedAt)}`
                  : `Requested by ${f.requestedBy?.name ?? 'staff'} on ${formatDate(f.requestedAt)}: waiting for an admin`}
              </Text>
              {f.pendingReview ? <Text size="xs">The owner asked for a review: {f.pendingReview.reason}</Text> : null}
              {isAdmin && f.status === 'active' ? (
                <Group>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconFlagOff size={14} />}
                    onClick={() => setAsking({ lift: f })}
                  >
                    Lift flag
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Alert>
        ))}
      </Stack>
      <ReasonModal
        opened={asking === 'flag'}
        onClose={() => setAsking(null)}
        title={isAdmin ? `Flag ${name} do not serve` : `Request a do-not-serve flag for ${name}`}
        intro={
          isAdmin
            ? 'New visits, boarding, reservations and online booking will be refused until the flag is lifted.'
            : 'An admin will approve or reject the request.'
        }
        label="Reason"
        confirmLabel={isAdmin ? 'Flag do not serve' : 'Send request'}
        danger
        busy={create.isPending}
        serverError={create.isError ? errorMessage(create.error, 'Could not flag') : null}
        onSubmit={(reason) => create.mutate({ ...subject, reason }, { onSuccess: (r) => done(r.message ?? 'Saved') })}
      />
      <ReasonModal
        opened={typeof asking === 'object' && asking !== null}
        onClose={() => setAsking(null)}
        title="Lift the do-not-serve flag?"
        intro={typeof asking === 'object' && asking ? `Service for ${who(asking.lift)} resumes; the owner is told.` : ''}
        label="Note"
        confirmLabel="Lift flag"
        busy={lift.isPending}
        serverError={lift.isError ? errorMessage(lift.error, 'Could not lift the flag') : null}
        onSubmit={(note) => {
          if (typeof asking === 'object' && asking)
            lift.mutate({ id: asking.lift._id, action: 'lift', note }, { onSuccess: (r) => done(r.message ?? 'Lifted') });
        }}
      />
    </Card>
  );
}
