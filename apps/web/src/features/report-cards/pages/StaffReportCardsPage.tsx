import { Anchor, Button, Card, Grid, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatDate, type ReportStay } from '@pawdesk/shared';
import { IconArrowLeft, IconPaw } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { todayQuery } from '../api/report-cards';
import { StateBadge } from '../components/StateBadge';
import { StayReportPanel } from '../components/StayReportPanel';

function StayRow({ s, selected, onOpen }: { s: ReportStay; selected: boolean; onOpen: () => void }) {
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding={0}
      style={selected ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <UnstyledButton onClick={onOpen} p="sm" w="100%" aria-current={selected ? 'true' : undefined}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {s.petName}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {s.boardingType} · {s.ownerName}
              {s.incidents ? ` · ${s.incidents} incident${s.incidents > 1 ? 's' : ''}` : ''}
            </Text>
          </div>
          <StateBadge card={s.card} />
        </Group>
      </UnstyledButton>
    </Card>
  );
}

/**
 * Report Cards (/staff/reportcards, issue 20): every pet in house today with its card's state (missing, draft, sent);
 * `/staff/reportcards/{boardingId}` opens that stay's card and incidents (the care board links there).
 */
export default function StaffReportCardsPage() {
  const { boardingId } = useParams();
  const navigate = useNavigate();
  const q = useQuery(todayQuery());
  const stays = q.data?.stays ?? [];
  const missing = stays.filter((s) => !s.card).length;

  let list: ReactNode;
  if (q.isPending) list = <LoadingState label="Loading pets in house..." />;
  else if (q.isError)
    list = <ErrorState title="Could not load pets in house" message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  else if (stays.length === 0)
    list = (
      <EmptyState
        title="No pets in house today"
        hint="Report cards are written for pets during their stay."
        icon={<IconPaw size={26} />}
      />
    );
  else
    list = (
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Pets in house">
        {stays.map((s) => (
          <StayRow
            key={s.boardingId}
            s={s}
            selected={s.boardingId === boardingId}
            onOpen={() => navigate(`/staff/reportcards/${s.boardingId}`)}
          />
        ))}
      </Stack>
    );

  return (
    <>
      <PageHeader
        title="Report Cards"
        subtitle={
          q.data
            ? `${formatDate(q.data.day)}: ${stays.length} in house, ${missing} without today's card`
            : "Today's report card for each pet in house, and incidents"
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }} display={boardingId ? { base: 'none', md: 'block' } : undefined}>
          {list}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {boardingId ? (
            <Stack gap="xs">
              <Anchor component={Link} to="/staff/reportcards" size="sm" hiddenFrom="md">
                <Group gap={4}>
                  <IconArrowLeft size={14} /> All pets in house
                </Group>
              </Anchor>
              <StayReportPanel key={boardingId} boardingId={boardingId} />
            </Stack>
          ) : (
            <Card withBorder radius="md" padding="xl" visibleFrom="md">
              <EmptyState
                title="Choose a pet to write its report card"
                icon={<IconPaw size={26} />}
                action={
                  stays.find((s) => !s.card) ? (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => navigate(`/staff/reportcards/${stays.find((s) => !s.card)!.boardingId}`)}
                    >
                      Next without a card
                    </Button>
                  ) : undefined
                }
              />
            </Card>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}
