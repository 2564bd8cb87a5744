import { Badge, Button, Card, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { TableHead } from '../../../components/TableHead';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useAlertList } from '../api/get-alert-list';
import { LoadMore } from '../../../components/LoadMore';

/** Items at or below their reorder level; Refill opens the edit screen with the item. */
export default function AlertListPage() {
  const list = useAlertList();
  const navigate = useNavigate();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  let body: React.ReactNode;
  if (list.isPending) body = <LoadingState label="Loading alert list..." />;
  else if (list.isError)
    body = <ErrorState title="Could not load the alert list" message={list.error.message} onRetry={() => list.refetch()} />;
  else if (items.length === 0)
    body = <EmptyState title="No items need refilling" hint="Every item is above its reorder level." />;
  else
    body = (
      <Card withBorder radius="lg" padding={0}>
        <Table.ScrollContainer minWidth={320}>
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="xs">
            <TableHead
              columns={[
                '#',
                'Item Name',
                'Stock Unit',
                { label: 'Stock', ta: 'right' },
                { label: 'Reorder Level', ta: 'right', visibleFrom: 'sm' },
                { label: <VisuallyHidden>Action</VisuallyHidden> },
              ]}
            />
            <Table.Tbody>
              {items.map((item, i) => (
                <Table.Tr key={item._id}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <Text fw={500} size="sm">
                      {item.itemName}
                    </Text>
                  </Table.Td>
                  <Table.Td>{item.stockUnit}</Table.Td>
                  <Table.Td ta="right">
                    <Badge
                      color={item.stock === 0 ? 'red' : 'orange'}
                      variant="light"
                      style={{ fontVariantNumeric: 'tabular-nums' }}
                    >
                      {item.stock}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {item.reorderLevel}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      aria-label={`Refill ${item.itemName}`}
                      onClick={() => navigate('/staff/editInventory', { state: { id: item._id } })}
                    >
                      Refill
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    );

  return (
    <>
      <PageHeader
        title="Alert List"
        subtitle="Items at or below their reorder level"
        actions={
          <Button component={Link} to="/staff/inventoryList" variant="default" leftSection={<IconList size={16} />}>
            Inventory List
          </Button>
        }
      />
      {body}
      <LoadMore q={list} mt="md" />
    </>
  );
}
