import { amountToCollect, useAppointmentCredit } from './appointment-credit';
import { Button, Card, Group, NumberInput, type NumberInputProps, Stack, Text } from '@mantine/core';
import type { VisitTypeApi } from '@pawdesk/shared';
import { formatINR, toPaise } from '@pawdesk/shared/money';
import type { ReactNode } from 'react';
import { MONEY_INPUT } from '../../../components/NumberField';
import type { VisitSaver } from './use-visit-save';

/** What every sub-form gets: the pet, the purpose (with its current prices) and the shared save flow. */
export interface VisitFormProps {
  petId: string;
  type: VisitTypeApi;
  saver: VisitSaver;
}

/** A NumberInput's value as a number ('' and partial input count as 0). */
export const num = (v: number | string): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);

/** Rupees → paise for the shared rules. */
export const paise = (v: number | string) => toPaise(num(v));

export function MoneyInput(props: Omit<NumberInputProps, 'leftSection'>) {
  return <NumberInput {...MONEY_INPUT} {...props} />;
}

/** The price lines of a sub-form: label and amount, the last one bold (the total). */
export function PriceLines({ lines: own }: { lines: readonly (readonly [string, number])[] }) {
  // Opened from an appointment paid online (issue 19): what is applied from it and what is left to collect.
  const credit = useAppointmentCredit();
  const total = own.at(-1)?.[1] ?? 0;
  const applied = credit ? amountToCollect(total, credit.held) : null;
  const lines: readonly (readonly [string, number])[] = applied
    ? [...own, ['Paid online for this appointment', applied.applied], ['To collect now', applied.collect]]
    : own;
  return (
    <Stack gap={4}>
      {lines.map(([label, amount], i) => (
        <Group key={label} justify="space-between" gap="sm">
          <Text size="sm" fw={i === lines.length - 1 ? 700 : undefined}>
            {label}
          </Text>
          <Text
            size="sm"
            fw={i === lines.length - 1 ? 700 : undefined}
            data-testid={`price-${label.toLowerCase().replace(/\W+/g, '-')}`}
          >
            {formatINR(amount)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** A sub-form's card: its title, fields, and the action button at the bottom. */
export function FormCard({
  title,
  children,
  action,
  onAction,
  busy,
  disabled,
}: {
  title: string;
  children: ReactNode;
  action: string;
  onAction: () => void;
  busy: boolean;
  disabled?: boolean;
}) {
  return (
    <Card withBorder radius="lg" padding="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onAction();
        }}
      >
        <Stack gap="md">
          <Text fw={700} size="lg">
            {title}
          </Text>
          {children}
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={disabled}>
              {action}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * The discount field and the price lines of a purpose a subscription can cover: with the subscription the price
 * shows as covered and there is no discount to give.
 */
export function DiscountedPrice({
  using,
  price,
  discount,
  onDiscount,
  total,
  error,
  labels,
}: {
  using: boolean;
  price: number;
  discount: number | string;
  onDiscount: (v: number | string) => void;
  total: number;
  error?: string;
  labels: { price: string; discount: string; total: string; covered: string };
}) {
  return (
    <>
      {using ? null : <MoneyInput label={labels.discount} value={discount} onChange={onDiscount} max={price} error={error} />}
      <PriceLines
        lines={
          using
            ? [
                [labels.price, price],
                [labels.covered, 0],
              ]
            : [
                [labels.price, price],
                [labels.discount, num(discount)],
                [labels.total, total],
              ]
        }
      />
    </>
  );
}
