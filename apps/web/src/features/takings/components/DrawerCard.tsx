import { Badge, Button, Card, Group, NumberInput, SimpleGrid, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import {
  type DrawerResponse,
  type DrawerSession,
  drawerDifference,
  formatDateTime,
  formatINR,
  TAKINGS_MESSAGES,
} from '@pawdesk/shared';
import { IconCash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../../components/confirm';
import { MONEY_INPUT } from '../../../components/NumberField';
import { ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useKeyedSubmit } from '../../../lib/idempotency';
import { notify } from '../../../lib/notify';
import { queryRoots } from '../../../lib/query-keys';
import { closeDrawer, drawerQuery, openDrawer, setDrawerRequired } from '../api/takings';
import { differenceText, expectedBreakdown, previewDifference, signedINR } from './drawer-figures';

function Figure({ label, value, hint, color }: { label: string; value: string; hint?: string; color?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg" c={color} data-testid={`drawer-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </div>
  );
}

/** A session's figures: expected, counted and the difference, with who opened and closed it and when. */
export function SessionFigures({ session }: { session: DrawerSession }) {
  const diff = differenceText(session.difference);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Figure label="Float" value={formatINR(session.float)} />
        <Figure label="Expected" value={formatINR(session.expected)} hint={session.status === 'open' ? 'so far' : undefined} />
        <Figure label="Counted" value={session.counted === null ? '—' : formatINR(session.counted)} />
        <Figure
          label="Difference"
          value={session.difference === null ? '—' : signedINR(session.difference)}
          hint={diff?.text}
          color={diff?.color}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {expectedBreakdown(session)}
      </Text>
      <Text size="sm">
        Opened by {session.openedBy.name}, {formatDateTime(session.openedAt)}
        {session.openingNote ? ` — ${session.openingNote}` : ''}
      </Text>
      {session.closedAt && session.closedBy ? (
        <Text size="sm">
          Closed by {session.closedBy.name}, {formatDateTime(session.closedAt)}
          {session.closingNote ? ` — ${session.closingNote}` : ''}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The cash drawer: open it with a float; while open, its expected cash so far; close it with the cash counted,
 * after a confirmation that shows expected, counted and the difference.
 */
export function DrawerCard() {
  const qc = useQueryClient();
  const { user } = useAuth();
  const q = useQuery(drawerQuery());
  const requiredM = useMutation({
    mutationFn: setDrawerRequired,
    onSuccess: (res) => {
      qc.setQueryData(drawerQuery().queryKey, (old: DrawerResponse | undefined) =>
        old ? { ...old, required: res.required } : old,
      );
      notify.success(res.message);
    },
    onError: (err) => notify.error(serverMessage(err, 'Could not save the setting'), err),
  });
  const [amount, setAmount] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const session = q.data?.session ?? null;
  const open = session?.status === 'open' ? session : null;

  const done = (res: DrawerResponse) => {
    qc.setQueryData(drawerQuery().queryKey, res);
    void qc.invalidateQueries({ queryKey: queryRoots.payments });
    setAmount('');
    setNote('');
    setError(null);
  };
  const sendOpen = useKeyedSubmit((float: number, key: string) => openDrawer({ float, note: note.trim() || null }, key));
  const sendClose = useKeyedSubmit((counted: number, key: string) => closeDrawer({ counted, note: note.trim() || null }, key));
  const onError = (err: unknown) => {
    setError(serverMessage(err, 'Could not save the cash drawer'));
    void qc.invalidateQueries({ queryKey: queryRoots.payments });
  };
  const openM = useMutation({
    mutationFn: sendOpen,
    onSuccess: (res) => {
      done(res);
      notify.success('The drawer is open');
    },
    onError,
  });
  const closeM = useMutation({
    mutationFn: sendClose,
    onSuccess: (res) => {
      done(res);
      notify.success('The drawer is closed');
    },
    onError,
  });

  const value = typeof amount === 'number' ? amount : null;
  const preview = open ? previewDifference(open.expected, value) : null;

  async function submit() {
    if (value === null) {
      setError(open ? 'Enter the cash counted' : 'Enter the float');
      return;
    }
    if (!open) {
      openM.mutate(value);
      return;
    }
    const difference = drawerDifference(value, open.expected) ?? 0;
    const ok = await confirm({
      title: 'Close the drawer?',
      message: `Expected ${formatINR(open.expected)}, counted ${formatINR(value)}: ${differenceText(difference)!.text.toLowerCase()} (${signedINR(difference)}). A closed drawer stays closed.`,
      confirmLabel: 'Close the drawer',
      danger: difference !== 0,
    });
    if (ok) closeM.mutate(value);
  }

  let body: React.ReactNode;
  if (!q.data) {
    body = q.isError ? (
      <ErrorState message={serverMessage(q.error, TAKINGS_MESSAGES.drawerLoad)} onRetry={() => q.refetch()} />
    ) : (
      <LoadingState label="Loading the cash drawer..." />
    );
  } else {
    body = (
      <Stack gap="md">
        {session ? (
          <>
            {session.status === 'closed' ? (
              <Text size="sm" fw={600}>
                Last count
              </Text>
            ) : null}
            <SessionFigures session={session} />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            The drawer has not been opened yet. Open it with the float in the till.
          </Text>
        )}
        {user?.isAdmin ? (
          <Switch
            label="Cash needs an open drawer"
            description="When on, cash cannot be taken or given back while the drawer is closed."
            checked={q.data.required}
            disabled={requiredM.isPending}
            onChange={(e) => requiredM.mutate(e.currentTarget.checked)}
          />
        ) : q.data.required ? (
          <Text size="sm" c="dimmed">
            Cash is taken only while the drawer is open.
          </Text>
        ) : null}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="xs">
            <Group align="flex-end" gap="sm" wrap="wrap">
              <NumberInput
                {...MONEY_INPUT}
                label={open ? 'Cash counted' : 'Float'}
                value={amount}
                onChange={(v) => {
                  setAmount(v);
                  setError(null);
                }}
                error={error}
                w={{ base: '100%', xs: 200 }}
              />
              <Textarea
                label="Note"
                placeholder="Optional"
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
                autosize
                minRows={1}
                maxLength={500}
                w={{ base: '100%', xs: 260 }}
              />
              <Button type="submit" loading={openM.isPending || closeM.isPending} color={open ? 'red' : undefined}>
                {open ? 'Close drawer' : 'Open drawer'}
              </Button>
            </Group>
            {preview ? (
              <Text size="sm" c={preview.color} aria-live="polite">
                {preview.text}
              </Text>
            ) : null}
          </Stack>
        </form>
      </Stack>
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Cash drawer">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <IconCash />
          <Title order={2} fz="lg">
            Cash drawer
          </Title>
        </Group>
        {session ? (
          <Badge color={session.status === 'open' ? 'teal' : 'gray'} variant="light">
            {session.status === 'open' ? 'Open' : 'Closed'}
          </Badge>
        ) : null}
      </Group>
      {body}
    </Card>
  );
}
