import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/states';
import { LoadMore, type PagedQuery } from '../../../../components/LoadMore';
import { type Column, TableHead } from '../../../../components/TableHead';
import { ApiError, serverAnswered, serverMessage } from '../../../../lib/api-client';
import classes from '../pets.module.css';

/** The pieces every panel of the pet details view shares. */

/** A full-view panel of the details column with a way back. */
export function Panel({
  title,
  petName,
  onBack,
  actions,
  children,
}: {
  title: string;
  petName: string;
  onBack: () => void;
  /** Buttons beside Back (Buy subscription, Top up …). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="md" wrap="wrap">
        <div>
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {petName}
          </Text>
        </div>
        <Group gap="sm" wrap="wrap">
          {actions}
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack} autoFocus>
            Back to pet details
          </Button>
        </Group>
      </Group>
      {children}
    </Card>
  );
}

/** A clickable row of a panel list that opens its details modal. */
export function Row({ onOpen, label, children }: { onOpen: () => void; label: string; children: ReactNode }) {
  return (
    <Table.Tr
      className={classes.clickable}
      tabIndex={0}
      aria-label={label}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen();
        }
      }}
    >
      {children}
    </Table.Tr>
  );
}

/** The server's own message; `answered` when it gave none (the spec's fallback); `thrown` when it did not answer. */
const apiMessage = (err: unknown, answered: string, thrown: string) =>
  serverAnswered(err)
    ? err instanceof ApiError && typeof err.body.message === 'string' && err.body.message
      ? serverMessage(err, answered)
      : answered
    : thrown;

/**
 * A panel's list from its query: the loading text, the error with Try again
 * (the server's message, else `failed`; `unreachable` when it did not answer),
 * the empty text, or the list (`children`).
 */
export function PanelList({
  q,
  loading,
  errorTitle,
  failed,
  unreachable = failed,
  empty,
  emptyHint,
  emptyAction,
  isEmpty,
  children,
}: {
  q: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loading: string;
  errorTitle: string;
  failed: string;
  unreachable?: string;
  empty: string;
  /** What to do about it, under the empty text, and a button doing it (e.g. Buy Subscription). */
  emptyHint?: string;
  emptyAction?: ReactNode;
  isEmpty: boolean;
  children: ReactNode;
}) {
  if (q.isPending) return <LoadingState label={loading} />;
  if (q.isError)
    return <ErrorState title={errorTitle} message={apiMessage(q.error, failed, unreachable)} onRetry={() => void q.refetch()} />;
  if (isEmpty) return <EmptyState title={empty} hint={emptyHint} action={emptyAction} />;
  return children;
}

/** A paged panel list as a table: the heading, the rows (`children`), and Load more while there is a next page. */
export function PagedTable({
  q,
  columns,
  moreLabel,
  clickable = false,
  children,
}: {
  q: PagedQuery;
  columns: Column[];
  moreLabel: string;
  /** Rows open a details modal: highlight on hover instead of stripes. */
  clickable?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={460}>
        <Table verticalSpacing="sm" striped={!clickable} highlightOnHover={clickable}>
          <TableHead columns={columns} />
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LoadMore q={q} label={moreLabel} />
    </Stack>
  );
}
