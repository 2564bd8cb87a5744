import type { CustomerNotification } from '@pawdesk/shared';
import { NotificationEntry } from '../../../components/notifications';

/** An app path the entry links to, or null (anything else is not followed). */
export function entryLink(link: string | null): string | null {
  return link?.startsWith('/') && !link.startsWith('//') ? link : null;
}

/** One inbox entry: title (bold while unread), text, time, its link, and Mark read while unread. */
export function InboxEntry({ n, onRead, busy }: { n: CustomerNotification; onRead?: () => void; busy?: boolean }) {
  const to = entryLink(n.link);
  return (
    <NotificationEntry
      n={n}
      link={to ? { to, label: 'View' } : null}
      onRead={onRead}
      busy={busy}
      testId="customer-notification"
      unreadTint="var(--mantine-primary-color-light)"
    />
  );
}
