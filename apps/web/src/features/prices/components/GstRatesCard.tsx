import { ActionIcon, Badge, Button, Card, Group, NumberInput, Stack, Table, Text, Tooltip } from '@mantine/core';
import { formatDate, type GstRate, gstSettingsBody } from '@pawdesk/shared';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { confirm } from '../../../components/confirm';
import {
  addRateProblem,
  percentLabel,
  type RateStatus,
  rateStatus,
  removing,
  retiring,
  withRate,
} from '../../../components/gst/gst-rules';
import { ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { useGstSettings, useSaveGstRates } from '../../../lib/endpoints/gst-settings';
import { useBusinessToday } from '../../../lib/endpoints/reminders';
import { notify } from '../../../lib/notify';
import { DateField } from '../../../components/dates/DateField';

const SAVE_FAILED = 'Could not save the GST rates';
const STATUS: Record<RateStatus, { label: string; color: string }> = {
  'in-force': { label: 'In force', color: 'teal' },
  upcoming: { label: 'Upcoming', color: 'blue' },
  retired: { label: 'Retired', color: 'gray' },
};

/**
 * The admin's GST rate list on the Prices screen (issue 17): each rate with the days it is in force; add a rate
 * (from a day, or always), retire one from a day (documents issued before keep it), or remove one added by mistake.
 * The server refuses (409, naming them) to remove or retire a rate a visit type or item uses.
 */
export function GstRatesCard() {
  const settings = useGstSettings();
  const save = useSaveGstRates();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const today = useBusinessToday();
  const [percent, setPercent] = useState<number | ''>('');
  const [from, setFrom] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [retireOn, setRetireOn] = useState<Record<number, string>>({});

  if (settings.isPending) return <LoadingState label="Loading the GST rates..." />;
  if (!settings.data) {
    return (
      <ErrorState
        message={serverMessage(settings.error, 'Could not load the GST rates')}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  const rates = settings.data.rates;
  const business = settings.data.business;

  const submit = async (next: GstRate[]): Promise<boolean> => {
    const parsed = gstSettingsBody.safeParse({ rates: next });
    if (!parsed.success) {
      notify.error(parsed.error.issues[0]?.message ?? SAVE_FAILED);
      return false;
    }
    try {
      const res = await save.mutateAsync(parsed.data);
      notify.success(res.message ?? 'GST rates saved');
      return true;
    } catch (err) {
      notify.error(serverMessage(err, SAVE_FAILED));
      return false;
    }
  };

  const onAdd = async () => {
    const problem = addRateProblem(rates, percent, from);
    setAddError(problem);
    if (problem || percent === '') return;
    if (await submit(withRate(rates, percent, from))) {
      setPercent('');
      setFrom('');
    }
  };

  const onRetire = async (i: number) => {
    const r = rates[i]!;
    const on = retireOn[i] || today;
    const ok = await confirm({
      title: 'Retire GST rate',
      message: `Retire ${percentLabel(r.percent)} from ${formatDate(on)}? Documents issued before keep it; visit types and items cannot use it after.`,
      confirmLabel: 'Retire',
      danger: true,
    });
    if (ok) await submit(retiring(rates, i, on));
  };

  const onRemove = async (i: number) => {
    const r = rates[i]!;
    const ok = await confirm({
      title: 'Remove GST rate',
      message: `Remove ${percentLabel(r.percent)} from the list? Only a rate added by mistake should be removed; retire a rate that was used.`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (ok) await submit(removing(rates, i));
  };

  const rowKey = (r: GstRate) => `${r.percent}-${r.effectiveFrom ?? ''}-${r.retiredOn ?? ''}`;
  const statusBadge = (r: GstRate) => {
    const status = rateStatus(r, today);
    return (
      <Badge size="sm" variant="light" color={STATUS[status].color}>
        {STATUS[status].label}
      </Badge>
    );
  };
  const retireControl = (r: GstRate, i: number) =>
    r.retiredOn === undefined ? (
      <Group gap={6} wrap="nowrap">
        <DateField
          size="xs"
          w={150}
          aria-label={`Retire ${percentLabel(r.percent)} from`}
          value={retireOn[i] ?? today}
          min={today}
          onChange={(value) => setRetireOn({ ...retireOn, [i]: value })}
        />
        <Button size="xs" variant="default" onClick={() => void onRetire(i)} loading={save.isPending}>
          Retire
        </Button>
      </Group>
    ) : null;
  // A retired rate stays: documents issued before name it.
  const removeControl = (r: GstRate, i: number) =>
    rateStatus(r, today) === 'retired' ? null : (
      <Tooltip label="Remove (a rate added by mistake)">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Remove ${percentLabel(r.percent)}`}
          onClick={() => void onRemove(i)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    );

  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed" data-testid="gst-business">
          {business.gstin
            ? `GSTIN ${business.gstin}, ${business.stateName} (${business.stateCode}). Sales issue tax invoices and bills of supply.`
            : `No business GSTIN is configured: sales issue receipts only. State: ${business.stateName} (${business.stateCode}).`}
        </Text>
        {wide ? (
          <Table verticalSpacing={4} aria-label="GST rates" data-testid="gst-rates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Rate</Table.Th>
                <Table.Th>In force from</Table.Th>
                <Table.Th>Retired on</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Retire from</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rates.map((r, i) => (
                <Table.Tr key={rowKey(r)} data-testid="gst-rate-row">
                  <Table.Td fw={600}>{percentLabel(r.percent)}</Table.Td>
                  <Table.Td>{r.effectiveFrom ? formatDate(r.effectiveFrom) : '—'}</Table.Td>
                  <Table.Td>{r.retiredOn ? formatDate(r.retiredOn) : '—'}</Table.Td>
                  <Table.Td>{statusBadge(r)}</Table.Td>
                  <Table.Td>{retireControl(r, i)}</Table.Td>
                  <Table.Td>{removeControl(r, i)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Stack gap="xs" aria-label="GST rates" data-testid="gst-rates">
            {rates.map((r, i) => (
              <Card key={rowKey(r)} withBorder radius="md" padding="xs" px="sm" data-testid="gst-rate-row">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={600}>{percentLabel(r.percent)}</Text>
                    {statusBadge(r)}
                  </Group>
                  {removeControl(r, i)}
                </Group>
                <Text size="xs" c="dimmed">
                  {r.effectiveFrom ? `From ${formatDate(r.effectiveFrom)}` : 'Always'}
                  {r.retiredOn ? ` · retired on ${formatDate(r.retiredOn)}` : ''}
                </Text>
                {r.retiredOn === undefined ? <div style={{ marginTop: 6 }}>{retireControl(r, i)}</div> : null}
              </Card>
            ))}
          </Stack>
        )}
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NumberInput
            label="New rate (%)"
            placeholder="e.g. 3"
            min={0}
            max={100}
            decimalScale={2}
            allowNegative={false}
            value={percent}
            onChange={(v) => setPercent(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
            error={addError}
            w={140}
          />
          <DateField label="In force from" description="Empty: always" value={from} onChange={setFrom} w={170} />
          <Button mt={25} onClick={() => void onAdd()} loading={save.isPending}>
            Add rate
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
