import { Text } from '@mantine/core';
import { formatDate } from '@pawdesk/shared';
import { IconPaw } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { downloadTodaysRunCardsPdf, todaysRunCardsQuery } from '../api/run-cards';
import { RunCardSheet } from '../components/RunCardSheet';
import { RunCardToolbar, useRunCardFormat } from '../components/RunCardToolbar';
import classes from '../components/run-card.module.css';

const LOAD_FAILED = "Could not load today's run cards";

/** /staff/care/runcards: every pet in house today, one card each (a page each on paper), and the combined PDF. */
export default function RunCardsPage() {
  const [format, setFormat] = useRunCardFormat();
  const q = useQuery(todaysRunCardsQuery());
  if (q.isPending) return <LoadingState label="Loading today's run cards..." />;
  if (!q.data)
    return <ErrorState title={LOAD_FAILED} message={serverMessage(q.error, LOAD_FAILED)} onRetry={() => void q.refetch()} />;
  const { cards, day } = q.data;
  return (
    <div>
      <RunCardToolbar
        format={format}
        onFormat={setFormat}
        printLabel="Print all"
        disabled={cards.length === 0}
        download={() => downloadTodaysRunCardsPdf(day, format)}
      />
      <Text className={classes.listHead} component="h1" size="sm" fw={600} c="dimmed">
        Run cards for {formatDate(day)}: {cards.length} {cards.length === 1 ? 'pet' : 'pets'} in house
      </Text>
      {cards.length === 0 ? (
        <EmptyState title="No pets in house" hint="Run cards print for pets boarded today." icon={<IconPaw size={26} />} />
      ) : (
        cards.map((c) => <RunCardSheet key={c.boardingId} card={c} format={format} />)
      )}
    </div>
  );
}
