import '@mantine/dates/styles.css';
import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  formatDate,
  formatINR,
  isIsoDate,
  MONEY_METHODS,
  TAKINGS_MESSAGES,
  TAKINGS_METHOD_LABELS,
  TAKINGS_METHODS,
  type TakingsResponse,
} from '@pawdesk/shared';
import { IconCalendar, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { downloadTakingsCsv, takingsQuery, useBusinessToday } from '../api/takings';
import { DrawerCard, SessionFigures } from '../components/DrawerCard';

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
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <Stat label="Sales" value={formatINR(data.charged)} hint={`${data.visits} visit${data.visits === 1 ? '' : 's'}`} />
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
        <EmptyState title="Nothing was taken on this day" hint="Sales, payments and refunds of the day appear here." />
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
  const [params, setParams] = useSearchParams();
  const param = params.get('date');
  const date = param && isIsoDate(param) && param <= today ? param : undefined;
  const q = useQuery(takingsQuery(date));
  const shown = q.data?.from ?? date ?? today;
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadTakingsCsv(shown);
    } catch (err) {
      notify.error(serverMessage(err, 'Could not export the takings'), err);
    } finally {
      setExporting(false);
    }
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

  return (
    <>
      <PageHeader title="Day's takings" subtitle={`${formatDate(shown)}${shown === today ? ' (today)' : ''}`} />
      <Stack gap="lg">
        <Group align="flex-end" gap="sm">
          <DatePickerInput
            label="Date"
            value={shown}
            onChange={(d) => d && setParams(d === today ? {} : { date: d }, { replace: true })}
            maxDate={today}
            valueFormat="D MMM YYYY"
            leftSection={<IconCalendar size={18} />}
            w={{ base: '100%', xs: 240 }}
            popoverProps={{ withinPortal: true }}
          />
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void exportCsv()} loading={exporting}>
            Export CSV
          </Button>
        </Group>
        <DrawerCard />
        {body}
      </Stack>
    </>
  );
}
