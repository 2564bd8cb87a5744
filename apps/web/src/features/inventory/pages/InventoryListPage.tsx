import { Accordion, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { formatDate, INVENTORY_MESSAGES, INVENTORY_TYPE_LABEL, type InventoryItem } from '@pawdesk/shared';
import { IconAlertTriangle, IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { confirm } from '../../../components/confirm';
import { Money } from '../../../components/Money';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverAnswered } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDebounced } from '../../../lib/use-debounced';
import { useDeleteItem } from '../api/delete-item';
import { useInventoryList } from '../api/get-inventory';
import { LoadMore } from '../../../components/LoadMore';
import { ShortcutKey } from '../../../components/ShortcutKey';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}

const TYPE_COLOR: Record<InventoryItem['itemType'], string> = {
  disposable: 'gray',
  syringe: 'cyan',
  medicine: 'grape',
  vaccine: 'teal',
};

export default function InventoryListPage() {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, 300);
  const list = useInventoryList(debounced);
  const del = useDeleteItem();
  const navigate = useNavigate();
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => searchRef.current?.focus()]]);

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const remove = async (item: InventoryItem) => {
    const ok = await confirm({
      title: 'Delete inventory item',
      message: INVENTORY_MESSAGES.deleteConfirm,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    setDeleting(item._id);
    try {
      await del.mutateAsync(item._id);
      notify.success(INVENTORY_MESSAGES.deleted);
      setOpen(null);
    } catch (err) {
      notify.error(serverAnswered(err) ? INVENTORY_MESSAGES.deleteFailed : INVENTORY_MESSAGES.deleteError);
    } finally {
      setDeleting(null);
    }
  };

  let body: React.ReactNode;
  if (list.isPending) {
    body = <LoadingState label="Loading inventory..." />;
  } else if (list.isError) {
    body = <ErrorState title="Could not load the inventory" message={list.error.message} onRetry={() => list.refetch()} />;
  } else if (items.length === 0) {
    body = debounced.trim() ? (
      <EmptyState title="No inventory items found" hint={`No item name starts with “${debounced.trim()}”.`} />
    ) : (
      <EmptyState
        title="No inventory items found"
        hint="Add your first inventory item to get started"
        action={
          <Button component={Link} to="/staff/inventory" mt="sm" leftSection={<IconPlus size={16} />}>
            Add Inventory
          </Button>
        }
      />
    );
  } else {
    body = (
      <Stack gap="sm">
        <Accordion variant="separated" radius="md" value={open} onChange={setOpen} chevronPosition="right">
          {items.map((item) => (
            <Accordion.Item key={item._id} value={item._id} data-testid="inventory-row">
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  {/* On a phone the name wraps and the badges keep their width: nothing is cut off (issue 9). */}
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {item.itemName}
                    </Text>
                    <Text size="sm" c={item.isLowStock ? 'red.8' : 'dimmed'}>
                      Stock: {item.stock} {item.stockUnit}
                    </Text>
                  </div>
                  <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                    {item.isLowStock ? (
                      <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={12} />} visibleFrom="xs">
                        Low stock
                      </Badge>
                    ) : null}
                    <Badge color={TYPE_COLOR[item.itemType]} variant="light">
                      {INVENTORY_TYPE_LABEL[item.itemType]}
                    </Badge>
                  </Group>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
                  <Field label="Stock Quantity">{item.stock}</Field>
                  <Field label="Stock Unit">{item.stockUnit}</Field>
                  <Field label="Type">{INVENTORY_TYPE_LABEL[item.itemType]}</Field>
                  <Field label="Created">{formatDate(item.createdAt)}</Field>
                  <Field label="Unit Cost">
                    <Money value={item.unitCostPrice} variant="rs" />
                  </Field>
                  <Field label="NGO Price">
                    <Money value={item.unitMinRetailPriceNGO} variant="rs" />
                  </Field>
                  <Field label="Customer Price">
                    <Money value={item.unitMaxRetailPriceCustomer} variant="rs" />
                  </Field>
                  <Field label="Last Updated">{formatDate(item.updatedAt)}</Field>
                  <Field label="Reorder Level">{item.reorderLevel}</Field>
                </SimpleGrid>
                <Group mt="md" gap="sm">
                  <Button
                    leftSection={<IconEdit size={16} />}
                    onClick={() => navigate('/staff/editInventory', { state: { id: item._id } })}
                  >
                    Edit Details
                  </Button>
                  <Button
                    color="red"
                    variant="light"
                    leftSection={<IconTrash size={16} />}
                    disabled={deleting !== null}
                    onClick={() => remove(item)}
                  >
                    {deleting === item._id ? 'Deleting...' : 'Delete'}
                  </Button>
                </Group>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        <LoadMore q={list} />
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title="Inventory List"
        subtitle="Medicines, vaccines, syringes and disposables in stock"
        actions={
          <>
            <Button component={Link} to="/staff/inventory" leftSection={<IconPlus size={16} />}>
              Add Inventory
            </Button>
            <Button
              component={Link}
              to="/staff/alertlist"
              variant="light"
              color="red"
              leftSection={<IconAlertTriangle size={16} />}
            >
              Alert List
            </Button>
          </>
        }
      />
      <Card withBorder radius="lg" padding="md" mb="md">
        <TextInput
          ref={searchRef}
          placeholder="Search inventory items..."
          aria-label="Search inventory items"
          leftSection={<IconSearch size={16} />}
          rightSection={<ShortcutKey keys="/" />}
          rightSectionPointerEvents="none"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          type="search"
        />
      </Card>
      {body}
    </>
  );
}
