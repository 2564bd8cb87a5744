import { ActionIcon, Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { shopItemSchema, shopTotal, toRupees, VISIT_MESSAGES } from '@pawdesk/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { COUNT_INPUT } from '../../../components/NumberField';
import { FormCard, MoneyInput, num, PriceLines, paise, type VisitFormProps } from './form-parts';

interface Row {
  key: number;
  name: string;
  price: number | string;
  quantity: number | string;
}

let nextKey = 1;
const blank = (): Row => ({ key: nextKey++, name: '', price: '', quantity: 1 });

/** The server's quantity rule (a whole number, at least 1) and its messages. */
const quantityRule = shopItemSchema.shape.quantity.unwrap();
const quantityProblem = (q: number | string): string | undefined =>
  q === '' ? 'Quantity must be a number' : quantityRule.safeParse(q).error?.issues[0]?.message;

/**
 * Shop: item rows (name, price and quantity; the list starts with one blank item); each line is quantity × price and
 * the total is their sum, by the shared rule the server charges with (shopTotal).
 */
export function ShopForm({ petId, type, saver }: VisitFormProps) {
  const [rows, setRows] = useState<Row[]>(() => [blank()]);
  const [tried, setTried] = useState(false);
  const total = toRupees(shopTotal(rows.map((r) => ({ pricePaise: paise(r.price), quantity: num(r.quantity) }))));
  const set = (key: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const nameError = (r: Row) => (tried && !r.name.trim() ? 'Item name is required' : undefined);
  const priceError = (r: Row) => (tried && (r.price === '' || num(r.price) < 0) ? 'Item price must be a number' : undefined);
  const quantityError = (r: Row) => (tried || r.quantity !== '' ? quantityProblem(r.quantity) : undefined);

  const proceed = () => {
    setTried(true);
    if (rows.length === 0 || rows.some((r) => !r.name.trim() || r.price === '' || quantityProblem(r.quantity))) return;
    saver.submit({
      code: 'shop',
      total,
      askMethod: true,
      fallback: 'Failed to save shop visit',
      build: (c) => ({
        petId,
        visitType: type._id,
        items: rows.map((r) => ({ name: r.name.trim(), price: num(r.price), quantity: num(r.quantity) })),
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
            <NumberInput
              {...COUNT_INPUT}
              min={1}
              label={`Item ${i + 1} quantity`}
              value={r.quantity}
              onChange={(v) => set(r.key, { quantity: v })}
              error={quantityError(r) ?? saver.fieldErrors[`items.${i}.quantity`]}
              style={{ flex: '1 1 90px' }}
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
