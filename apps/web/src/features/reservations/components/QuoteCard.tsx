import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { formatINR, type ReservationQuote } from '@pawdesk/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ApiError, serverAnswered, serverMessage } from '../../../lib/api-client';
import { dayMonthOf, weekdayOf } from './dates';

/** Each day of the stay against capacity: free places, or full (the waitlist is offered). */
function DaysAvailability({ quote }: { quote: ReservationQuote }) {
  return (
    <Group gap={6} aria-label="Places on each day" role="list">
      {quote.days.map((d) => (
        <Badge
          key={d.date}
          role="listitem"
          variant="light"
          color={d.fits ? 'teal' : 'red'}
          size="lg"
          radius="sm"
          tt="none"
          data-testid="quote-day"
          data-fits={d.fits}
        >
          {weekdayOf(d.date)} {dayMonthOf(d.date)}:{' '}
          {d.free === null ? 'no limit' : d.fits ? `${d.free} free` : `full (${d.booked}/${d.capacity})`}
        </Badge>
      ))}
    </Group>
  );
}

/** What the stay comes to, from the server's quote (the count, the price, each day's room). */
export function QuoteCard({
  quote,
  preview,
  loading,
  error,
  onRetry,
}: {
  quote: ReservationQuote | undefined;
  preview: string | null;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  if (!quote && !preview && !loading && !error)
    return (
      <Text size="sm" c="dimmed">
        Choose the owner, the pets, the boarding type and the dates to see the price.
      </Text>
    );
  return (
    <Card withBorder radius="md" padding="sm" bg="var(--mantine-color-gray-0)" aria-live="polite" aria-busy={loading}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} data-testid="stay-label">
            {quote?.label ?? preview ?? 'Counting...'}
          </Text>
          {loading ? <Loader size="xs" aria-label="Pricing" /> : null}
        </Group>
        {quote ? (
          <>
            <Text size="sm">
              {quote.pets} {quote.pets === 1 ? 'pet' : 'pets'} × {formatINR(quote.pricePerPet)} ={' '}
              <b data-testid="quote-price">{formatINR(quote.price)}</b>
              <Text span size="xs" c="dimmed">
                {' '}
                ({quote.units > 0 ? `${quote.units} × ${formatINR(quote.dayPrice)}` : ''}
                {quote.units > 0 && quote.halfDays > 0 ? ' + ' : ''}
                {quote.halfDays > 0 ? `${quote.halfDays} half day × ${formatINR(quote.halfDayPrice)}` : ''} per pet)
              </Text>
            </Text>
            <DaysAvailability quote={quote} />
            {!quote.fits ? (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="A day is full" p="xs">
                {quote.visitType.purpose} has no room for {quote.pets === 1 ? 'this pet' : 'these pets'} on{' '}
                {quote.fullDays.map((d) => `${weekdayOf(d)} ${dayMonthOf(d)}`).join(', ')}. Join the waitlist: staff are told when
                a place frees.
              </Alert>
            ) : null}
          </>
        ) : error ? (
          <Group gap="xs">
            <Text size="sm" c="red.8" role="alert">
              {serverMessage(error, 'Could not price the stay')}
            </Text>
            {!serverAnswered(error) || (error as ApiError).status >= 500 ? (
              <Button size="compact-xs" variant="light" color="red" onClick={onRetry}>
                Try Again
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
