import { VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useStaffNotificationStream } from '../../lib/use-staff-stream';

/**
 * The staff pages' one live connection (GET /staff/notifications/stream): new notifications update the bells and the
 * dashboard card through the query cache, and a screen reader hears "New notification: …" (a polite live region).
 */
export default function StaffLive() {
  const [announcement, setAnnouncement] = useState('');
  useStaffNotificationStream(true, (n) => setAnnouncement(`New notification: ${n.title}`));
  return (
    <VisuallyHidden role="status" aria-live="polite" data-testid="staff-live-announcer">
      {announcement}
    </VisuallyHidden>
  );
}
