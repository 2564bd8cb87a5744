import { Anchor, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { formatDate } from '@pawdesk/shared';
import { IconChevronDown, IconChevronUp, IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Money } from '../../../components/Money';
import { InlineErrorState } from '../../../components/states';
import { useCustomerVisitDocuments } from '../api/customer-visits';

/**
 * A customer's visit's documents (tax invoices, bills of supply, credit notes, receipts), loaded when opened; each
 * opens at /customer/documents/{id}.
 */
export function VisitDocuments({ visitId, petName }: { visitId: string; petName: string }) {
  const [open, setOpen] = useState(false);
  const q = useCustomerVisitDocuments(visitId, open);
  const regionId = `visit-docs-${visitId}`;
  let body = null;
  if (open) {
    if (q.isPending)
      body = (
        <Text size="sm" c="dimmed" role="status">
          Loading documents...
        </Text>
      );
    else if (q.isError) body = <InlineErrorState message="Could not load the documents" onRetry={() => q.refetch()} />;
    else if (q.data.length === 0)
      body = (
        <Text size="sm" c="dimmed">
          No documents for this visit.
        </Text>
      );
    else
      body = (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {q.data.map((d) => (
            <Group key={d._id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={`/customer/documents/${d._id}`} size="sm" style={{ minWidth: 0 }}>
                {d.title} {d.number}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {formatDate(d.date)} · <Money value={d.total} />
              </Text>
            </Group>
          ))}
        </Stack>
      );
  }
  return (
    <Stack gap={6} mt="xs">
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        leftSection={<IconFileInvoice size={16} />}
        rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={regionId}
        aria-label={`Documents of ${petName}'s visit`}
        style={{ alignSelf: 'flex-start' }}
      >
        Documents
      </Button>
      <Collapse expanded={open} id={regionId}>
        {body}
      </Collapse>
    </Stack>
  );
}
