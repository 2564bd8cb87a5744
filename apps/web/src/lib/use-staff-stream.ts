import { STAFF_STREAM_EVENTS as EV, type StaffNotification } from '@pawdesk/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { addPushedNotification, invalidateStaffNotifications } from './endpoints/staff-notifications';
import { keepStreamOpen } from './event-stream';
import { queryRoots } from './query-keys';

export const STAFF_STREAM_PATH = '/staff/notifications/stream';

/**
 * Keeps the staff notifications' live stream open while `enabled` (a signed-in staff member): each new notification
 * goes to the top of the cached lists (the bell, the dashboard card) and to `onNew` (the bell announces it); on
 * (re)connect, and when the server says it may have missed some, the lists reload from the server, so nothing is
 * missed while the page was closed or the connection down. Reconnects with backoff.
 */
export function useStaffNotificationStream(enabled: boolean, onNew?: (n: StaffNotification) => void) {
  const qc = useQueryClient();
  const [state, setState] = useState<'connecting' | 'open' | 'retrying' | 'stopped'>('connecting');
  const onNewRef = useRef(onNew);
  onNewRef.current = onNew;
  useEffect(() => {
    if (!enabled) return;
    setState('connecting');
    return keepStreamOpen(STAFF_STREAM_PATH, {
      onStateChange: setState,
      onEvent: (e) => {
        if (e.event === EV.ready || e.event === EV.resync) {
          void invalidateStaffNotifications(qc);
          // The care board may have missed a task recorded while the stream was down.
          void qc.invalidateQueries({ queryKey: queryRoots.care });
        } else if (e.event === EV.care) {
          // A care task was recorded or undone on some device: the board reloads (issue 20).
          void qc.invalidateQueries({ queryKey: queryRoots.care });
        } else if (e.event === EV.notification) {
          let n: StaffNotification;
          try {
            n = JSON.parse(e.data) as StaffNotification;
          } catch {
            return;
          }
          addPushedNotification(qc, n);
          onNewRef.current?.(n);
        }
      },
    });
  }, [enabled, qc]);
  return state;
}
