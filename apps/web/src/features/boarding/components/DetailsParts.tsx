import { Badge, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DeboardDetails, DeboardQuote } from '@pawdesk/shared';
import { formatDateTime } from '@pawdesk/shared/dates';
import { formatINR } from '@pawdesk/shared/money';
import type { ReactNode } from 'react';
import { Money } from '../../../components/Money';
import { phoneText } from '../../../components/PhoneLink';
import { entryDate, StatusBadge } from './BoardedPetsList';
import { billLines } from './checkout-flow';

/** Categories whose stays are charged per extra day without a subscription (spec 001 §9). */
const PER_DAY_CODES = new Set(['hostel', 'day_care']);

const testId = (label: string) => `deboard-${label.toLowerCase().replace(/\W+/g, '-').replace(/-$/, '')}`;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId(label)} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Text fw={700} size="sm">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** Who and what: pet, owner and phone, category, entry date and status. */
export function StayHeader({ details }: { details: DeboardDetails }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
      <Fact label="Pet">{details.pet.name}</Fact>
      <Fact label="Owner">{details.pet.owner.name}</Fact>
      <Fact label="Phone">{phoneText(details.pet.owner.phone)}</Fact>
      <Fact label="Category">{details.boardingType.purpose}</Fact>
      <Fact label="Entry date">
        <span title={formatDateTime(details.entryTime)}>{entryDate(details)}</span>
      </Fact>
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Status
        </Text>
        <StatusBadge boarded={details.isBoarded} />
      </div>
    </SimpleGrid>
  );
}

/** The late check-out and half-day lines of the quote (issue 18), each with what it adds. */
export function stayCorrections(quote: DeboardQuote): { label: string; text: string }[] {
  const lines: { label: string; text: string }[] = [];
  if (quote.lateCheckOutCharge > 0)
    lines.push({ label: 'Late check-out', text: `${formatINR(quote.lateCheckOutCharge)} (the half-day price)` });
  if (quote.halfDayCharge > 0)
    lines.push({ label: 'Half day ran long', text: `${formatINR(quote.halfDayCharge)} more: a full day` });
  return lines;
}

/**
 * The stay's days or nights (not for Dog Park, which never runs over): what it covers under the business's rule
 * ("3 days: 25 Nov to 27 Nov"), booked, actual and the extra units with their rate and charge; a late check-out and
 * a half day that ran long (charged up to the full day).
 */
export function DaysPart({ details, quote }: { details: DeboardDetails; quote: DeboardQuote }) {
  const code = details.boardingType.code;
  if (code === 'dog_park') return null;
  const perDay = PER_DAY_CODES.has(code) || quote.subscription !== null || quote.extraDays > 0;
  const units = quote.countingRule === 'nights' ? 'nights' : 'days';
  const corrections = stayCorrections(quote);
  const extraUnits = quote.extraDays * quote.extraDayRate;
  return (
    <Section title="Stay">
      <Text size="sm" fw={500} data-testid="deboard-stay-label">
        {quote.label}
        {quote.halfDayBooked ? ' (sold as a half day)' : ''}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
        <Fact label={`Booked ${units}`}>{quote.halfDayBooked ? 'Half day' : quote.bookedDays}</Fact>
        <Fact label={`Actual ${units}`}>{quote.halfDay ? 'Half day' : quote.actualDays}</Fact>
        {perDay ? (
          <Fact label={`Extra ${units}`}>
            {quote.extraDays > 0 ? `${quote.extraDays} × ${formatINR(quote.extraDayRate)} = ${formatINR(extraUnits)}` : 'None'}
          </Fact>
        ) : null}
        {corrections.map((c) => (
          <Fact key={c.label} label={c.label}>
            {c.text}
          </Fact>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {quote.countingRule === 'nights'
          ? 'Nights are counted; leaving after the check-out time is a late check-out at the half-day price.'
          : 'The entry day counts as day 1.'}
        {quote.extraChargePosted > 0 ? ` ${formatINR(quote.extraChargePosted)} of the extra charge is already charged.` : ''}
      </Text>
    </Section>
  );
}

/** The subscription the stay uses: plan, days left, and the days this stay takes off them. */
export function SubscriptionPart({ quote }: { quote: DeboardQuote }) {
  const s = quote.subscription;
  if (!s) return null;
  const after = Math.max(0, s.daysLeft - s.daysUsed);
  return (
    <Section title="Subscription">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
        <Fact label="Plan">{s.planName}</Fact>
        <Fact label="Days left">{s.daysLeft}</Fact>
        <Fact label="Days this stay uses">{s.daysUsed}</Fact>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {after === 0 ? 'The subscription ends when the pet leaves.' : `${after} days will be left after this stay.`}
      </Text>
    </Section>
  );
}

function Line({ label, value, strong, color }: { label: string; value: number; strong?: boolean; color?: string }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} c={color} data-testid={testId(label)}>
        <Money value={value} />
      </Text>
    </Group>
  );
}

/** Charged, paid, awaiting payment and due (the server's numbers, never the browser's). */
export function ChargesPart({ details, quote }: { details: DeboardDetails; quote: DeboardQuote }) {
  const unposted = Math.max(0, quote.extraCharge - quote.extraChargePosted);
  const visit = details.visitId?.details;
  return (
    <Section title="Payment">
      <Stack gap={4}>
        {visit ? (
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              Visit price{visit.isSubscriptionAvailed ? ' (with subscription)' : ''}
            </Text>
            <Text size="sm" c="dimmed">
              <Money value={visit.finalPrice} />
            </Text>
          </Group>
        ) : null}
        <Line label="Charged" value={quote.charged} />
        {unposted > 0 ? <Line label="Extra days to charge" value={unposted} /> : null}
        <Line label="Paid" value={quote.paid} />
        {quote.pending > 0 ? <Line label="Awaiting payment" value={quote.pending} color="orange.8" /> : null}
        <Divider my={4} />
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text fw={700}>Due</Text>
          <Group gap="xs" wrap="nowrap">
            {quote.due > 0 ? (
              <Badge color="red" variant="light" size="sm">
                To pay before leaving
              </Badge>
            ) : null}
            <Text fw={700} c={quote.due > 0 ? 'red.8' : 'teal.8'} data-testid="deboard-due">
              <Money value={quote.due} />
            </Text>
          </Group>
        </Group>
      </Stack>
    </Section>
  );
}

/**
 * The stay's bill (issue 18), when services were added to it: the stay itself (its sale and extra days) and each
 * service with its own due; check-out settles them all at once.
 */
export function BillPart({ details, quote }: { details: DeboardDetails; quote: DeboardQuote }) {
  if (quote.services.length === 0) return null;
  return (
    <Section title="The stay's bill">
      <Stack gap={4} data-testid="deboard-bill">
        {billLines(quote, details.boardingType.purpose).map((l) => (
          <Group key={l.key} justify="space-between" gap="sm" wrap="nowrap" data-testid="deboard-bill-line">
            <div style={{ minWidth: 0 }}>
              <Text size="sm">{l.label}</Text>
              {l.at ? (
                <Text size="xs" c="dimmed">
                  {formatDateTime(l.at)}
                </Text>
              ) : null}
            </div>
            <Text size="sm" fw={500} c={l.due > 0 ? 'red.8' : 'teal.8'}>
              {l.due > 0 ? <Money value={l.due} /> : 'Paid'}
            </Text>
          </Group>
        ))}
      </Stack>
    </Section>
  );
}
