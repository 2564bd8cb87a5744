import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { DOCUMENT_MESSAGES, type DocumentSummary, formatDate } from '@pawdesk/shared';
import { IconFileInvoice } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadMore } from '../../../components/LoadMore';
import { Money } from '../../../components/Money';
import { PageHeader } from '../../../components/PageHeader';
import { RequireCustomer } from '../../../components/RequireCustomer';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { customerDocumentsQuery } from '../api/documents';
import { documentPath } from '../components/DocumentView';

export const NO_DOCUMENTS = 'No documents yet';
const NO_DOCUMENTS_HINT = 'Your invoices, receipts and credit notes appear here after a visit.';

const KIND_COLOR: Record<DocumentSummary['kind'], string> = {
  tax_invoice: 'orange',
  bill_of_supply: 'grape',
  credit_note: 'red',
  receipt: 'teal',
  refund_receipt: 'blue',
};

function DocumentRow({ d }: { d: DocumentSummary }) {
  return (
    <li style={{ listStyle: 'none' }}>
      <UnstyledButton component={Link} to={documentPath('customer', d._id)} w="100%" aria-label={`${d.title} ${d.number}`}>
        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Group gap={6} wrap="wrap">
                <Badge variant="light" color={KIND_COLOR[d.kind]} size="sm">
                  {d.title}
                </Badge>
                <Text fw={600} size="sm">
                  {d.number}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" mt={2}>
                {formatDate(d.date)}
                {d.original ? ` · against ${d.original.number}` : ''}
              </Text>
            </div>
            <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
              <Money value={d.total} />
            </Text>
          </Group>
        </Paper>
      </UnstyledButton>
    </li>
  );
}

/** /customer/documents: the owner's invoices, bills of supply, credit notes and receipts, newest first, paged. */
export default function MyDocumentsPage() {
  return (
    <RequireCustomer>
      <PageHeader title="My Documents" subtitle="Invoices, bills of supply, credit notes and receipts of your visits." />
      <DocumentList />
    </RequireCustomer>
  );
}

function DocumentList() {
  const q = useInfiniteQuery(customerDocumentsQuery());
  if (q.isPending) return <LoadingState label="Loading your documents..." />;
  if (!q.data)
    return (
      <ErrorState
        title={DOCUMENT_MESSAGES.listLoad}
        message={serverMessage(q.error, DOCUMENT_MESSAGES.listLoad)}
        onRetry={() => void q.refetch()}
      />
    );
  const docs = q.data.pages.flatMap((p) => p.documents);
  if (docs.length === 0) return <EmptyState title={NO_DOCUMENTS} hint={NO_DOCUMENTS_HINT} icon={<IconFileInvoice size={26} />} />;
  return (
    <Stack gap="sm" maw={720}>
      <Stack component="ul" gap="xs" m={0} p={0} aria-label="My documents">
        {docs.map((d) => (
          <DocumentRow key={d._id} d={d} />
        ))}
      </Stack>
      <LoadMore q={q} label="Load more" />
    </Stack>
  );
}
