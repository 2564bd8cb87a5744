import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { shopTotal, toRupees, VISIT_MESSAGES } from '@pawdesk/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormCard, MoneyInput, num, PriceLines, paise, type VisitFormProps } from './form-parts';

interface Row {
  key: number;
  name: string;
  price: number | string;
}

let nextKey = 1;
const blank = (): Row => ({ key: nextKey++, name: '', price: '' });

/** Shop: item rows (name and price; the list starts with one blank item); the total is the sum of the prices. */
export function ShopForm({ petId, type, saver }: VisitFormProps) {
  const [rows, setRows] = useState<Row[]>(() => [blank()]);
  const [tried, setTried] = useState(false);
  const total = toRupees(shopTotal(rows.map((r) => ({ pricePaise: paise(r.price) }))));
  const set = (key: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const nameError = (r: Row) => (tried && !r.name.trim() ? 'Item name is required' : undefined);
  const priceError = (r: Row) => (tried && (r.price === '' || num(r.price) < 0) ? 'Item price must be a number' : undefined);

  const proceed = () => {
    setTried(true);
    if (rows.length === 0 || rows.some((r) => !r.name.trim() || r.price === '')) return;
    saver.submit({
      code: 'shop',
      total,
      askMethod: true,
      fallback: 'Failed to save shop visit',
      build: (c) => ({
        petId,
        visitType: type._id,
        items: rows.map((r) => ({ name: r.name.trim(), price: num(r.price) })),
        details: { totalCalculatedPrice: total, selectedPayment: c?.method },
      }),
    });
  };

  return (
    <FormCard title="Shop" action="Proceed to Payment" onAction={proceed} busy={saver.busy}>
      <Stack gap="sm">
        {rows.map((r, i) => (
          <Group key={r.key} gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              label={`Item ${i + 1} name`}
              value={r.name}
              onChange={(e) => set(r.key, { name: e.currentTarget.value })}
              error={nameError(r) ?? saver.fieldErrors[`items.${i}.name`]}
              style={{ flex: '2 1 180px' }}
              required
            />
            <MoneyInput
              label={`Item ${i + 1} price`}
              value={r.price}
              onChange={(v) => set(r.key, { price: v })}
              error={priceError(r) ?? saver.fieldErrors[`items.${i}.price`]}
              style={{ flex: '1 1 120px' }}
              required
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={`Remove item ${i + 1}`}
              onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
              disabled={rows.length === 1}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        {tried && rows.length === 0 ? VISIT_MESSAGES.shopEmpty : null}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setRows((rs) => [...rs, blank()])}
          w="fit-content"
        >
          Add item
        </Button>
      </Stack>
      <PriceLines lines={[['Total', total]]} />
    </FormCard>
  );
}
