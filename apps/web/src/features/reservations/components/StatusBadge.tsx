import { Badge } from '@mantine/core';
import { RESERVATION_STATUS_LABEL, type ReservationStatus } from '@pawdesk/shared';

export const STATUS_COLOR: Record<ReservationStatus, string> = {
  requested: 'blue',
  confirmed: 'teal',
  waitlisted: 'orange',
  checked_in: 'grape',
  checked_out: 'gray',
  cancelled: 'red',
  no_show: 'dark',
};

/** A reservation's status in words and colour; a stay sold without a reservation reads 'In house'. */
export function StatusBadge({ status }: { status: ReservationStatus | null }) {
  return (
    <Badge
      variant="light"
      color={status ? STATUS_COLOR[status] : 'grape'}
      size="sm"
      data-testid="reservation-status"
      style={{ flexShrink: 0 }}
    >
      {status ? RESERVATION_STATUS_LABEL[status] : 'In house'}
    </Badge>
  );
}
