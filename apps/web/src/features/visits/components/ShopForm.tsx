import { ActionIcon, Button, Divider, Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  type CustomerType,
  formatINR,
  type InventoryItem,
  type InventoryListResponse,
  pricingNote,
  toRupees,
  VISIT_MESSAGES,
  WALK_IN_MESSAGES,
} from '@pawdesk/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { COUNT_INPUT } from '../../../components/NumberField';
import { PhoneField } from '../../../components/PhoneField';
import { inventoryListQuery } from '../../../lib/endpoints/inventory';
import { useDebounced } from '../../../lib/use-debounced';
import { FormCard, MoneyInput, PriceLines, type VisitFormProps } from './form-parts';
import {
  type Buyer,
  type FreeRow,
  type StockRow,
  shopSaleBody,
  shopSaleProblems,
  shopSaleTotalPaise,
  stockRowView,
} from './shop-sale';

let nextKey = 1;
const blankStock = (): StockRow => ({ key: nextKey++, itemId: null, quantity: 1 });
const blankFree = (): FreeRow => ({ key: nextKey++, name: '', price: '', quantity: 1 });
const pages = (d: InfiniteData<InventoryListResponse>): InventoryItem[] => d.pages.flatMap((p) => p.items);
const optionLabel = (i: InventoryItem) => `${i.itemName} (Stock: ${i.stock} ${i.stockUnit})`;

/** Every inventory item the form has seen (the first page and searches), kept current, by id. */
function useShopItems(search: string) {
  const first = useInfiniteQuery({ ...inventoryListQuery('', 100), select: pages, staleTime: 0 });
  const debounced = useDebounced(search, 250);
  const found = useInfiniteQuery({ ...inventoryListQuery(debounced, 25), select: pages, enabled: debounced.trim() !== '' });
  const [known, setKnown] = useState<Map<string, InventoryItem>>(() => new Map());
  useEffect(() => {
    const more = [...(first.data ?? []), ...(found.data ?? [])];
    if (more.length === 0) return;
    setKnown((prev) => {
      const next = new Map(prev);
      for (const i of more) next.set(i._id, i);
      return next;
    });
  }, [first.data, found.data]);
  return { known, searching: found.isFetching };
}

/**
 * Shop (issue 18): items from stock (an inventory item and a quantity, at the customer or NGO price, at most what
 * is in stock) and other items not kept in stock (name, price, quantity); the total is their sum, by the shared rules
 * the server charges with. Sold to the pet's owner or, with 'Walk-in customer (no pet)', to a buyer named here
 * (`petId` null: New Visit without a pet offers only that).
 */
export function ShopForm({ petId, type, saver }: Omit<VisitFormProps, 'petId'> & { petId: string | null }) {
  const [walkIn, setWalkIn] = useState(petId === null);
  const [buyer, setBuyer] = useState<Buyer>({ name: '', phone: '' });
  const [customerType, setCustomerType] = useState<CustomerType>('pvtltd');
  const [stock, setStock] = useState<StockRow[]>(() => [blankStock()]);
  const [free, setFree] = useState<FreeRow[]>([]);
  const [tried, setTried] = useState(false);
  const [search, setSearch] = useState<Record<number, string>>({});
  const activeSearch = Object.values(search).at(-1) ?? '';
  const { known, searching } = useShopItems(activeSearch);

  const sellTo = walkIn ? buyer : null;
  const total = toRupees(shopSaleTotalPaise(stock, free, known, customerType));
  const problems = useMemo(
    () => shopSaleProblems(stock, free, known, customerType, sellTo),
    [stock, free, known, customerType, sellTo],
  );
  const err = (field: string, always = false) => ((tried || always) && problems[field]) || saver.fieldErrors[field];
  const setS = (key: number, patch: Partial<StockRow>) =>
    setStock((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const setF = (key: number, patch: Partial<FreeRow>) => setFree((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const options = useMemo(
    () => [...known.values()].map((i) => ({ value: i._id, label: optionLabel(i), disabled: i.stock === 0 })),
    [known],
  );

  const proceed = () => {
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    saver.submit({
      code: 'shop',
      total,
      askMethod: true,
      noWallet: walkIn,
      fallback: 'Failed to save shop visit',
      build: (c) =>
        shopSaleBody({ petId, visitType: type._id, stock, free, known, customerType, buyer: sellTo, method: c.method }),
    });
  };

  return (
    <FormCard title="Shop" action="Proceed to Payment" onAction={proceed} busy={saver.busy}>
      <Stack gap="sm">
        {petId !== null ? (
          <SegmentedControl
            aria-label="Sell to"
            value={walkIn ? 'walkin' : 'pet'}
            onChange={(v) => setWalkIn(v === 'walkin')}
            data={[
              { value: 'pet', label: "The pet's owner" },
              { value: 'walkin', label: WALK_IN_MESSAGES.option },
            ]}
          />
        ) : (
          <Text size="sm" fw={600}>
            {WALK_IN_MESSAGES.option}
          </Text>
        )}
        {walkIn ? (
          <Group gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              label="Buyer's name"
              value={buyer.name}
              onChange={(e) => {
                const name = e.currentTarget.value;
                setBuyer((b) => ({ ...b, name }));
              }}
              error={err('walkIn.name')}
              required
              style={{ flex: '2 1 200px' }}
              autoFocus={petId === null}
            />
            <PhoneField
              label="Buyer's phone (optional)"
              value={buyer.phone}
              onChange={(e) => {
                const phone = e.currentTarget.value;
                setBuyer((b) => ({ ...b, phone }));
              }}
              error={err('walkIn.phone')}
              style={{ flex: '1 1 160px' }}
            />
          </Group>
        ) : null}

        <Divider label="Items from stock" labelPosition="left" />
        <Group gap="sm" align="center">
          <SegmentedControl
            aria-label="Customer type"
            size="xs"
            value={customerType}
            onChange={(v) => setCustomerType(v as CustomerType)}
            data={[
              { value: 'pvtltd', label: 'Customer' },
              { value: 'NGO', label: 'NGO' },
            ]}
          />
          <Text size="xs" c="dimmed">
            {pricingNote(customerType)}
          </Text>
        </Group>
        {stock.map((r, i) => {
          const view = stockRowView(stock, i, known, customerType);
          return (
            <Group key={r.key} gap="xs" align="flex-start" wrap="wrap" data-testid={`stock-row-${i + 1}`}>
              <Select
                label={`Stock item ${i + 1}`}
                placeholder="Search an item"
                searchable
                data={options}
                value={r.itemId}
                onChange={(v) => setS(r.key, { itemId: v })}
                onSearchChange={(s) => setSearch((m) => ({ ...m, [r.key]: s }))}
                nothingFoundMessage={searching ? 'Searching...' : 'No matching items'}
                error={err(`stockItems.${i}.itemId`)}
                limit={100}
                style={{ flex: '3 1 220px' }}
                comboboxProps={{ withinPortal: true }}
              />
              <NumberInput
                {...COUNT_INPUT}
                min={1}
                label={`Stock item ${i + 1} quantity`}
                value={r.quantity}
                onChange={(v) => setS(r.key, { quantity: v })}
                error={err(`stockItems.${i}.quantity`, Boolean(view.overStock))}
                description={view.item ? `Available: ${view.left} ${view.item.stockUnit}` : undefined}
                style={{ flex: '1 1 100px' }}
              />
              <Stack gap={0} style={{ flex: '1 1 110px' }} mt={4}>
                <Text size="xs" c="dimmed">
                  {view.item ? `${formatINR(toRupees(view.unitPaise))} each` : 'Price'}
                </Text>
                <Text size="sm" fw={600} data-testid={`stock-line-${i + 1}`}>
                  {formatINR(toRupees(view.linePaise))}
                </Text>
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={`Remove stock item ${i + 1}`}
                onClick={() => setStock((rs) => rs.filter((x) => x.key !== r.key))}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          );
        })}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setStock((rs) => [...rs, blankStock()])}
          w="fit-content"
        >
          Add stock item
        </Button>

        <Divider label="Other items (not in stock)" labelPosition="left" />
        {free.map((r, i) => (
          <Group key={r.key} gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              label={`Item ${i + 1} name`}
              value={r.name}
              onChange={(e) => setF(r.key, { name: e.currentTarget.value })}
              error={err(`items.${i}.name`)}
              style={{ flex: '2 1 180px' }}
              required
            />
            <MoneyInput
              label={`Item ${i + 1} price`}
              value={r.price}
              onChange={(v) => setF(r.key, { price: v })}
              error={err(`items.${i}.price`)}
              style={{ flex: '1 1 120px' }}
              required
            />
            <NumberInput
              {...COUNT_INPUT}
              min={1}
              label={`Item ${i + 1} quantity`}
              value={r.quantity}
              onChange={(v) => setF(r.key, { quantity: v })}
              error={err(`items.${i}.quantity`, r.quantity === '' || r.quantity === 0)}
              style={{ flex: '1 1 90px' }}
              required
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={`Remove item ${i + 1}`}
              onClick={() => setFree((rs) => rs.filter((x) => x.key !== r.key))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setFree((rs) => [...rs, blankFree()])}
          w="fit-content"
        >
          Add item
        </Button>
        {tried && problems.items ? (
          <Text size="sm" c="red" role="alert">
            {VISIT_MESSAGES.shopEmpty}
          </Text>
        ) : null}
      </Stack>
      <PriceLines lines={[['Total', total]]} />
    </FormCard>
  );
}
