import { Badge, Button, Card, Group, Pagination, Stack, Tabs, Text } from '@mantine/core';
import { type DnsFlag, type DnsReviewRow, formatDate } from '@pawdesk/shared';
import { IconBan, IconCheck, IconFlagOff, IconMessageQuestion, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminOnlyState, RequireAdmin } from '../../../components/AdminOnly';
import {
  DNS_PAGE,
  decideFlag,
  decideReview,
  dnsFlagsQuery,
  dnsReviewsQuery,
  ReasonModal,
  useDnsAction,
} from '../../../components/donotserve';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, SkeletonRows } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

const TITLE = 'Do not serve';
const SUBTITLE = 'Owners and pets the resort does not serve, staff requests for a flag, and owners asking for a review';

type Decision =
  | { kind: 'flag'; id: string; action: 'approve' | 'reject' | 'lift'; title: string; intro: string }
  | { kind: 'review'; id: string; action: 'approve' | 'reject'; title: string; intro: string };

const who = (f: DnsFlag) => (f.subject === 'pet' ? `${f.subjectName} (owner ${f.ownerName})` : `Owner ${f.subjectName}`);

function FlagCard({ flag, children }: { flag: DnsFlag; children?: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={who(flag)}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={6}>
            <Badge color={flag.status === 'active' ? 'red' : 'yellow'} leftSection={<IconBan size={12} />}>
              {flag.subject === 'pet' ? 'Pet' : 'Owner'}
            </Badge>
            <Text fw={700}>{who(flag)}</Text>
          </Group>
          <Text size="xs" c="dimmed">
            {flag.status === 'active'
              ? `Flagged by ${flag.decidedBy?.name ?? 'an admin'} on ${formatDate(flag.decidedAt)}`
              : `Requested by ${flag.requestedBy?.name ?? 'staff'} on ${formatDate(flag.requestedAt)}`}
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {flag.reason}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

function Paged({ total, offset, onOffset }: { total: number; offset: number; onOffset: (o: number) => void }) {
  const pages = Math.ceil(total / DNS_PAGE);
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={offset / DNS_PAGE + 1}
      onChange={(p) => onOffset((p - 1) * DNS_PAGE)}
      getControlProps={(c) => ({ 'aria-label': `${c} page` })}
    />
  );
}

function FlagList({ status, onDecide }: { status: 'active' | 'requested'; onDecide: (d: Decision) => void }) {
  const [offset, setOffset] = useState(0);
  const q = useQuery(dnsFlagsQuery(status, offset));
  if (q.isPending) return <SkeletonRows label="Loading flags" rows={3} height={90} />;
  if (q.isError)
    return <ErrorState message={errorMessage(q.error, 'Could not load the flags')} onRetry={() => void q.refetch()} />;
  if (q.data.flags.length === 0)
    return (
      <EmptyState
        icon={<IconBan size={26} />}
        title={status === 'active' ? 'No one is flagged' : 'No flag requests'}
        hint={
          status === 'active'
            ? 'Flag an owner or a pet from Pet Records (Pet Master).'
            : 'Staff requests for a do-not-serve flag appear here for an admin to decide.'
        }
      />
    );
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {q.data.flags.map((f) => (
          <FlagCard key={f._id} flag={f}>
            {f.pendingReview ? (
              <Text size="xs" c="orange.8">
                The owner asked for a review: {f.pendingReview.reason}
              </Text>
            ) : null}
            <Group gap="xs">
              {status === 'active' ? (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconFlagOff size={14} />}
                  onClick={() =>
                    onDecide({
                      kind: 'flag',
                      id: f._id,
                      action: 'lift',
                      title: 'Lift the flag?',
                      intro: `Service for ${who(f)} resumes; the owner is told.`,
                    })
                  }
                >
                  Lift flag
                </Button>
              ) : (
                <>
                  <Button
                    size="xs"
                    color="red"
                    leftSection={<IconCheck size={14} />}
                    onClick={() =>
                      onDecide({
                        kind: 'flag',
                        id: f._id,
                        action: 'approve',
                        title: 'Approve the flag?',
                        intro: `${who(f)} will be refused service.`,
                      })
                    }
                  >
                    Approve
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconX size={14} />}
                    onClick={() =>
                      onDecide({
                        kind: 'flag',
                        id: f._id,
                        action: 'reject',
                        title: 'Reject the request?',
                        intro: `${who(f)} stays served.`,
                      })
                    }
                  >
                    Reject
                  </Button>
                </>
              )}
            </Group>
          </FlagCard>
        ))}
      </Stack>
      <Paged total={q.data.total} offset={offset} onOffset={setOffset} />
    </Stack>
  );
}

function ReviewList({ onDecide }: { onDecide: (d: Decision) => void }) {
  const [offset, setOffset] = useState(0);
  const q = useQuery(dnsReviewsQuery(offset));
  if (q.isPending) return <SkeletonRows label="Loading review requests" rows={3} height={90} />;
  if (q.isError)
    return <ErrorState message={errorMessage(q.error, 'Could not load the review requests')} onRetry={() => void q.refetch()} />;
  if (q.data.reviews.length === 0)
    return (
      <EmptyState
        icon={<IconMessageQuestion size={26} />}
        title="No review requests"
        hint="Owners asking for a flag to be lifted appear here."
      />
    );
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {q.data.reviews.map((r: DnsReviewRow) => (
          <FlagCard key={r._id} flag={r.flag}>
            <Card withBorder radius="sm" padding="xs" bg="gray.0">
              <Text size="xs" c="dimmed">
                The owner asked on {formatDate(r.createdAt)}:
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {r.reason}
              </Text>
            </Card>
            <Group gap="xs">
              <Button
                size="xs"
                leftSection={<IconCheck size={14} />}
                onClick={() =>
                  onDecide({
                    kind: 'review',
                    id: r._id,
                    action: 'approve',
                    title: 'Approve the review?',
                    intro: `The flag on ${who(r.flag)} is lifted and the owner told.`,
                  })
                }
              >
                Approve
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconX size={14} />}
                onClick={() =>
                  onDecide({
                    kind: 'review',
                    id: r._id,
                    action: 'reject',
                    title: 'Reject the review?',
                    intro: 'The flag stays; the owner is told your note.',
                  })
                }
              >
                Reject
              </Button>
            </Group>
          </FlagCard>
        ))}
      </Stack>
      <Paged total={q.data.total} offset={offset} onOffset={setOffset} />
    </Stack>
  );
}

function DoNotServeAdmin() {
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const flagAction = useDnsAction(decideFlag);
  const reviewAction = useDnsAction(decideReview);
  const busy = flagAction.isPending || reviewAction.isPending;
  const failed = flagAction.error ?? reviewAction.error;

  const decide = (note: string) => {
    if (!deciding) return;
    const done = {
      onSuccess: (r: { message?: string }) => {
        notify.success(r.message ?? 'Done');
        setDeciding(null);
      },
    };
    const v = { id: deciding.id, note: note || undefined };
    if (deciding.kind === 'flag') flagAction.mutate({ ...v, action: deciding.action }, done);
    else reviewAction.mutate({ ...v, action: deciding.action }, done);
  };

  return (
    <>
      <PageHeader title={TITLE} subtitle={SUBTITLE} />
      <Tabs defaultValue="active" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="active">Active flags</Tabs.Tab>
          <Tabs.Tab value="requested">Flag requests</Tabs.Tab>
          <Tabs.Tab value="reviews">Review requests</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="active">
          <FlagList status="active" onDecide={setDeciding} />
        </Tabs.Panel>
        <Tabs.Panel value="requested">
          <FlagList status="requested" onDecide={setDeciding} />
        </Tabs.Panel>
        <Tabs.Panel value="reviews">
          <ReviewList onDecide={setDeciding} />
        </Tabs.Panel>
      </Tabs>
      <ReasonModal
        opened={deciding !== null}
        onClose={() => {
          setDeciding(null);
          flagAction.reset();
          reviewAction.reset();
        }}
        title={deciding?.title ?? ''}
        intro={deciding?.intro}
        label="Note"
        required={deciding?.action !== 'approve'}
        confirmLabel={deciding?.action === 'approve' ? 'Approve' : deciding?.action === 'lift' ? 'Lift flag' : 'Reject'}
        danger={deciding?.kind === 'flag' && deciding.action === 'approve'}
        busy={busy}
        serverError={failed ? errorMessage(failed, 'Could not save the decision') : null}
        onSubmit={decide}
      />
    </>
  );
}

/** `/staff/donotserve` (admins): active flags, staff requests for a flag, owners' review requests; paged. */
export default function DoNotServePage() {
  return (
    <RequireAdmin
      fallback={
        <>
          <PageHeader title={TITLE} subtitle={SUBTITLE} />
          <AdminOnlyState hint="Only an admin decides who is not served. Ask an admin, or request a flag from Pet Records." />
        </>
      }
    >
      <DoNotServeAdmin />
    </RequireAdmin>
  );
}
