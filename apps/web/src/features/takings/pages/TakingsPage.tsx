import '@mantine/dates/styles.css';
import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  formatDate,
  formatINR,
  MONEY_METHODS,
  TAKINGS_MESSAGES,
  TAKINGS_METHOD_LABELS,
  TAKINGS_METHODS,
  type TakingsResponse,
} from '@pawdesk/shared';
import { IconCalendar, IconDownload, IconReceiptTax } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { downloadGstSummaryCsv, downloadTakingsCsv, takingsQuery, useBusinessToday } from '../api/takings';
import { DrawerCard, SessionFigures } from '../components/DrawerCard';
import { periodFromParams, rangeError, rateLabel } from '../components/range';
import { DATE_INPUT_FORMAT } from '../../../components/dates/date-text';

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder radius="md" padding="md" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="xl" data-testid={`takings-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function MethodTable({ rows, total, label }: { rows: [string, number][]; total: number; label: string }) {
  return (
    <Table aria-label={label} striped withRowBorders={false}>
      <Table.Tbody>
        {rows.map(([name, amount]) => (
          <Table.Tr key={name}>
            <Table.Td>{name}</Table.Td>
            <Table.Td ta="right">{formatINR(amount)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td fw={700}>Total</Table.Td>
          <Table.Td ta="right" fw={700}>
            {formatINR(total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function Figures({ data }: { data: TakingsResponse }) {
  const nothing =
    data.charged === 0 &&
    data.received === 0 &&
    data.refunds.count === 0 &&
    data.credits.count === 0 &&
    data.walletTopUps.count === 0 &&
    data.heldPayments === 0;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 7 }} spacing="sm">
        <Stat label="Sales" value={formatINR(data.charged)} hint={`${data.visits} visit${data.visits === 1 ? '' : 's'}`} />
        <Stat label="Tax collected" value={formatINR(data.tax.total)} hint="GST on the period's documents" />
        <Stat label="Received" value={formatINR(data.received)} hint="on sales, wallet included" />
        <Stat
          label="Refunds"
          value={formatINR(data.refunds.total)}
          hint={`${data.refunds.count} refund${data.refunds.count === 1 ? '' : 's'}`}
        />
        <Stat label="Credits" value={formatINR(data.credits.total)} hint="voids and cancellations" />
        <Stat label="Still owed" value={formatINR(data.owed.total)} hint={`on ${data.owed.sales} of the day's sales`} />
        <Stat
          label="Wallet top-ups"
          value={formatINR(data.walletTopUps.total)}
          hint={`${data.walletTopUps.count} top-up${data.walletTopUps.count === 1 ? '' : 's'}`}
        />
      </SimpleGrid>
      {nothing ? (
        <EmptyState
          title={data.from === data.to ? 'Nothing was taken on this day' : 'Nothing was taken in this period'}
          hint="Sales, payments and refunds of the day appear here."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Section title="By purpose">
            {data.byPurpose.length === 0 ? (
              <Text size="sm" c="dimmed">
                No sales on this day.
              </Text>
            ) : (
              <Table aria-label="Sales by purpose" striped withRowBorders={false}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Purpose</Table.Th>
                    <Table.Th ta="right">Sales</Table.Th>
                    <Table.Th ta="right">Charged</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.byPurpose.map((p) => (
                    <Table.Tr key={p.purpose}>
                      <Table.Td>{p.purpose}</Table.Td>
                      <Table.Td ta="right">{p.sales}</Table.Td>
                      <Table.Td ta="right">{formatINR(p.charged)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {data.packageDailyCharges.count > 0 ? (
              <Text size="sm" c="dimmed" mt="xs">
                Boarding package days: {formatINR(data.packageDailyCharges.total)} ({data.packageDailyCharges.count})
              </Text>
            ) : null}
          </Section>
          <Section title="Received by method">
            <MethodTable
              label="Received by method"
              rows={TAKINGS_METHODS.map((m) => [TAKINGS_METHOD_LABELS[m], data.byMethod[m]])}
              total={data.received}
            />
            {data.heldPayments > 0 ? (
              <Text size="sm" c="dimmed" mt="xs">
                Also held for owners (unapplied, deposits): {formatINR(data.heldPayments)}
              </Text>
            ) : null}
          </Section>
          <Section title="Refunds by method">
            <MethodTable
              label="Refunds by method"
              rows={MONEY_METHODS.map((m) => [TAKINGS_METHOD_LABELS[m], data.refunds.byMethod[m]])}
              total={data.refunds.total}
            />
          </Section>
          <Section title="Wallet top-ups by method">
            <MethodTable
              label="Wallet top-ups by method"
              rows={MONEY_METHODS.map((m) => [TAKINGS_METHOD_LABELS[m], data.walletTopUps.byMethod[m]])}
              total={data.walletTopUps.total}
            />
          </Section>
          <Section title="Tax collected by rate">
            {data.tax.byRate.length === 0 ? (
              <Text size="sm" c="dimmed">
                No GST documents were issued in this period.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={420}>
                <Table aria-label="Tax collected by rate" striped withRowBorders={false}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Rate</Table.Th>
                      <Table.Th ta="right">Taxable</Table.Th>
                      <Table.Th ta="right">CGST</Table.Th>
                      <Table.Th ta="right">SGST</Table.Th>
                      <Table.Th ta="right">IGST</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.tax.byRate.map((r) => (
                      <Table.Tr key={rateLabel(r.ratePercent)}>
                        <Table.Td>{rateLabel(r.ratePercent)}</Table.Td>
                        <Table.Td ta="right">{formatINR(r.taxableValue)}</Table.Td>
                        <Table.Td ta="right">{formatINR(r.cgst)}</Table.Td>
                        <Table.Td ta="right">{formatINR(r.sgst)}</Table.Td>
                        <Table.Td ta="right">{formatINR(r.igst)}</Table.Td>
                      </Table.Tr>
                    ))}
                    <Table.Tr>
                      <Table.Td fw={700}>Tax collected</Table.Td>
                      <Table.Td ta="right">{formatINR(data.tax.taxableValue)}</Table.Td>
                      <Table.Td ta="right" colSpan={3} fw={700} data-testid="takings-tax-total">
                        {formatINR(data.tax.total)}
                      </Table.Td>
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Text size="xs" c="dimmed" mt="xs">
              {data.tax.documents.taxInvoices} tax invoice{data.tax.documents.taxInvoices === 1 ? '' : 's'},{' '}
              {data.tax.documents.billsOfSupply} bill{data.tax.documents.billsOfSupply === 1 ? '' : 's'} of supply,{' '}
              {data.tax.documents.creditNotes} credit note{data.tax.documents.creditNotes === 1 ? '' : 's'}
            </Text>
          </Section>
        </SimpleGrid>
      )}
      {data.cashDrawer.sessions.length > 0 ? (
        <Section title="Drawer sessions of the day">
          <Stack gap="lg">
            {data.cashDrawer.sessions.map((s) => (
              <SessionFigures key={s.id} session={s} />
            ))}
          </Stack>
        </Section>
      ) : null}
    </Stack>
  );
}

/**
 * `/staff/takings` (issue 17): the day's takings in the business time zone, from the ledger, and the cash drawer
 * (open with a float, close with the cash counted).
 */
export default function TakingsPage() {
  const today = useBusinessToday();
  const { user } = useAuth();
  const isAdmin = Boolean(user?.isAdmin);
  const [params, setParams] = useSearchParams();
  const { date, range } = periodFromParams(
    { date: params.get('date'), from: params.get('from'), to: params.get('to') },
    today,
    isAdmin,
  );
  const q = useQuery(takingsQuery(date, range));
  const shown = range ? range.from : (q.data?.from ?? date ?? today);
  const [picked, setPicked] = useState<[string | null, string | null]>(range ? [range.from, range.to] : [null, null]);
  const [pickedError, setPickedError] = useState<string | null>(null);
  const [exporting, setExporting] = useState<'csv' | 'gst' | null>(null);
  const download = async (what: 'csv' | 'gst') => {
    setExporting(what);
    try {
      if (what === 'csv') await downloadTakingsCsv(shown, range);
      else await downloadGstSummaryCsv(range ?? { from: shown, to: shown });
    } catch (err) {
      notify.error(serverMessage(err, 'Could not export the takings'), err);
    } finally {
      setExporting(null);
    }
  };
  const chooseRange = (v: [string | null, string | null]) => {
    setPicked(v);
    const [from, to] = v;
    if (!from && !to) {
      setPickedError(null);
      setParams({}, { replace: true });
      return;
    }
    if (!from || !to) return;
    const err = rangeError(from, to, today);
    setPickedError(err);
    if (!err) setParams({ from, to }, { replace: true });
  };

  let body: ReactNode;
  if (!q.data) {
    body = q.isError ? (
      <ErrorState message={serverMessage(q.error, TAKINGS_MESSAGES.load)} onRetry={() => q.refetch()} />
    ) : (
      <LoadingState label="Loading the takings..." />
    );
  } else {
    body = (
      <div aria-busy={q.isFetching}>
        <Figures data={q.data} />
      </div>
    );
  }

  const subtitle = range
    ? `${formatDate(range.from)} – ${formatDate(range.to)}`
    : `${formatDate(shown)}${shown === today ? ' (today)' : ''}`;
  return (
    <>
      <PageHeader title="Day's takings" subtitle={subtitle} />
      <Stack gap="lg">
        <Group align="flex-end" gap="sm">
          <DatePickerInput
            label="Date"
            value={range ? null : shown}
            placeholder="Pick a day"
            onChange={(d) => {
              if (!d) return;
              setPicked([null, null]);
              setPickedError(null);
              setParams(d === today ? {} : { date: d }, { replace: true });
            }}
            maxDate={today}
            valueFormat={DATE_INPUT_FORMAT}
            leftSection={<IconCalendar size={18} />}
            w={{ base: '100%', xs: 240 }}
            popoverProps={{ withinPortal: true }}
          />
          {isAdmin ? (
            <DatePickerInput
              type="range"
              label="Range (admins)"
              placeholder="From – to"
              value={picked}
              onChange={(v) => chooseRange(v as [string | null, string | null])}
              maxDate={today}
              allowSingleDateInRange
              clearable
              valueFormat={DATE_INPUT_FORMAT}
              leftSection={<IconCalendar size={18} />}
              error={pickedError}
              w={{ base: '100%', xs: 300 }}
              popoverProps={{ withinPortal: true }}
            />
          ) : null}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void download('csv')}
            loading={exporting === 'csv'}
          >
            Export CSV
          </Button>
          {isAdmin ? (
            <Button
              variant="default"
              leftSection={<IconReceiptTax size={16} />}
              onClick={() => void download('gst')}
              loading={exporting === 'gst'}
            >
              GST summary CSV
            </Button>
          ) : null}
        </Group>
        <DrawerCard />
        {body}
      </Stack>
    </>
  );
}
