import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ACTIVITY_LABELS, formatDate, MOOD_LABELS, REPORT_CARD_MESSAGES, type ReportCard } from '@pawdesk/shared';
import { IconNotes } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LoadMore } from '../../../components/LoadMore';
import { AuthImage } from '../../../components/media/AuthImage';
import { PageHeader } from '../../../components/PageHeader';
import { RequireCustomer } from '../../../components/RequireCustomer';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { customerCardsQuery } from '../api/report-cards';

function CardView({ c }: { c: ReportCard }) {
  return (
    <Card component="li" withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="md">
            {c.petName} · {formatDate(c.day)}
          </Title>
          <Group gap={6}>
            <Badge variant="light" color="orange">
              Mood {c.mood}/5 · {MOOD_LABELS[c.mood]}
            </Badge>
            <Badge variant="light" color="teal">
              Activity {c.activity}/5 · {ACTIVITY_LABELS[c.activity]}
            </Badge>
          </Group>
        </Group>
        {c.summary ? (
          <Text size="sm" c="dimmed">
            {c.summary}
          </Text>
        ) : null}
        {c.note ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {c.note}
          </Text>
        ) : null}
        {c.photos.length ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {c.photos.map((p, i) => (
              <AuthImage
                key={p.hash}
                path={p.url}
                alt={`${c.petName} on ${formatDate(c.day)}, photo ${i + 1}`}
                width="100%"
                height={150}
                style={{ borderRadius: 8 }}
              />
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Card>
  );
}

function Cards({ petId }: { petId: string | null }) {
  const q = useInfiniteQuery(customerCardsQuery(petId));
  if (q.isPending) return <LoadingState label="Loading report cards..." />;
  if (!q.data)
    return (
      <ErrorState
        title={REPORT_CARD_MESSAGES.load}
        message={serverMessage(q.error, REPORT_CARD_MESSAGES.load)}
        onRetry={() => void q.refetch()}
      />
    );
  const cards = q.data.pages.flatMap((p) => p.cards);
  if (cards.length === 0)
    return (
      <EmptyState
        title="No report cards yet"
        hint="During a stay we send you a daily report card with photos; it appears here."
        icon={<IconNotes size={26} />}
      />
    );
  return (
    <Stack gap="sm" maw={860}>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Report cards">
        {cards.map((c) => (
          <CardView key={c._id} c={c} />
        ))}
      </Stack>
      <LoadMore q={q} label="Load more" />
    </Stack>
  );
}

/** /customer/reportcards (?pet=<id> for one pet): the owner's pets' daily report cards, newest first. */
export default function CustomerReportCardsPage() {
  const [params] = useSearchParams();
  const pet = params.get('pet');
  const petId = pet && /^[0-9a-f]{24}$/.test(pet) ? pet : null;
  return (
    <RequireCustomer>
      <PageHeader title="Report Cards" subtitle="How your pet's days with us went: mood, activity, notes and photos" />
      <Cards petId={petId} />
    </RequireCustomer>
  );
}
