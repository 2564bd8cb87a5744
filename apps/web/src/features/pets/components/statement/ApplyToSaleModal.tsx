import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import {
  type AllocationSource,
  formatDate,
  formatINR,
  type OpenSale,
  STATEMENT_MESSAGES as M,
  type StatementResponse,
} from '@pawdesk/shared';
import { useState } from 'react';
import { MONEY_INPUT } from '../../../../components/NumberField';
import { serverMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { useAllocate } from '../../api/allocate';
import { amountProblem, defaultAmount, heldSources, SOURCE_LABEL, saleKey, saleSubject } from './statement-rules';

/** What is due first: on a phone the end of a long label is cut. */
const saleLabel = (o: OpenSale) =>
  `${formatINR(o.due)} due · ${o.purpose} · ${formatDate(o.date)}${o.petName ? ` · ${o.petName}` : ''}`;

/**
 * Apply to a sale: money the owner holds (the unapplied balance, wallet or deposit) goes to one of the sales still
 * owing. Pick the sale (the oldest first), the amount starts at the lesser of what is held and what is due; a review
 * step confirms before anything is recorded. On failure the form stays with its input and the server's message.
 */
export function ApplyToSaleModal({
  statement,
  opened,
  onClose,
}: {
  statement: StatementResponse;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Apply to a sale" centered>
      {opened ? <ApplyForm statement={statement} onDone={onClose} /> : null}
    </Modal>
  );
}

function ApplyForm({ statement, onDone }: { statement: StatementResponse; onDone: () => void }) {
  const sources = heldSources(statement);
  const sales = statement.openSales.filter((o) => o.due > 0);
  const [source, setSource] = useState<AllocationSource>(sources[0]?.source ?? 'unapplied');
  const [key, setKey] = useState<string>(sales[0] ? saleKey(sales[0]) : '');
  const held = sources.find((s) => s.source === source)?.held ?? 0;
  const sale = sales.find((o) => saleKey(o) === key);
  const [amount, setAmount] = useState<number | string>(sale ? defaultAmount(held, sale.due) : '');
  const [reviewing, setReviewing] = useState(false);
  const [touched, setTouched] = useState(false);
  const allocate = useAllocate();

  const problem = sale ? amountProblem(amount, held, sale.due) : 'Choose the sale to apply to';
  // A new sale or source starts again from the lesser of what is held and what that sale owes.
  const reset = (nextSource: AllocationSource, nextKey: string) => {
    const nextHeld = sources.find((s) => s.source === nextSource)?.held ?? 0;
    const nextSale = sales.find((o) => saleKey(o) === nextKey);
    setAmount(nextSale ? defaultAmount(nextHeld, nextSale.due) : '');
    setTouched(false);
  };

  const submit = () => {
    if (!sale || typeof amount !== 'number') return;
    allocate.mutate(
      { ownerId: statement.owner._id, from: source, ...saleSubject(sale), amount },
      {
        onSuccess: (r) => {
          notify.success(r.message);
          onDone();
        },
        onError: (err) => {
          setReviewing(false);
          notify.error(serverMessage(err, M.applyFailed), err);
        },
      },
    );
  };

  if (reviewing && sale && typeof amount === 'number')
    return (
      <Stack>
        <Text>
          Apply <strong>{formatINR(amount)}</strong> from the owner's {SOURCE_LABEL[source].toLowerCase()} to{' '}
          <strong>
            {sale.purpose} of {formatDate(sale.date)}
            {sale.petName ? ` (${sale.petName})` : ''}
          </strong>
          ?
        </Text>
        <Text size="sm" c="dimmed">
          {formatINR(sale.due - amount)} will still be due on the sale; {formatINR(held - amount)} stays held.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setReviewing(false)} disabled={allocate.isPending}>
            Back
          </Button>
          <Button onClick={submit} loading={allocate.isPending}>
            Confirm
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!problem) setReviewing(true);
      }}
      noValidate
    >
      <Stack>
        {sources.length > 1 ? (
          <Select
            label="Apply from"
            data={sources.map((s) => ({ value: s.source, label: `${SOURCE_LABEL[s.source]} (${formatINR(s.held)})` }))}
            value={source}
            onChange={(v) => {
              if (!v) return;
              setSource(v as AllocationSource);
              reset(v as AllocationSource, key);
            }}
            allowDeselect={false}
          />
        ) : (
          <Alert variant="light" color="blue">
            {SOURCE_LABEL[source]}: <strong>{formatINR(held)}</strong> held for the owner.
          </Alert>
        )}
        <Select
          label="Sale"
          placeholder="Choose the sale"
          data={sales.map((o) => ({ value: saleKey(o), label: saleLabel(o) }))}
          value={key || null}
          onChange={(v) => {
            setKey(v ?? '');
            reset(source, v ?? '');
          }}
          allowDeselect={false}
          required
          comboboxProps={{ withinPortal: false }}
        />
        <NumberInput
          {...MONEY_INPUT}
          label="Amount"
          description={sale ? `At most ${formatINR(Math.min(held, sale.due))}` : undefined}
          value={amount}
          onChange={(v) => setAmount(v)}
          onBlur={() => setTouched(true)}
          error={touched ? problem : null}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit">Review</Button>
        </Group>
      </Stack>
    </form>
  );
}
