import { Badge } from '@mantine/core';
import { cardStateLabel, type ReportStay } from '@pawdesk/shared';

const COLOUR = { Missing: 'red', Draft: 'yellow', Sent: 'teal' } as const;

/** Today's card of a stay: Missing, Draft or Sent. */
export function StateBadge({ card }: { card: ReportStay['card'] }) {
  const label = cardStateLabel(card);
  return (
    <Badge color={COLOUR[label]} variant="light" aria-label={`Report card: ${label}`}>
      {label}
    </Badge>
  );
}
