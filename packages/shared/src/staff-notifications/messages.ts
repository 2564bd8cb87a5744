/** The staff notifications (issue 15): texts, stream events and limits, without zod (schemas.ts has the contracts). */

export const STAFF_NOTIFICATION_MESSAGES = {
  unread: "Unread must be 'true' or 'false'",
  markWhat: 'Name the notifications to mark read (ids) or send all: true',
  tooMany: 'At most 100 notifications at a time',
  load: 'Failed to load notifications',
  markFailed: 'Could not mark the notifications read',
  streamAccept: 'The notification stream answers Accept: text/event-stream only',
  tooManyStreams: 'Too many open notification streams for this account: close a tab and try again',
} as const;

/** The events of GET /staff/notifications/stream (server-sent events). */
export const STAFF_STREAM_EVENTS = {
  /** On connect: `{ unreadCount }`; the client reloads its list (nothing is missed while it was away). */
  ready: 'ready',
  /** A new notification the caller sees: the notification as the list shows it. */
  notification: 'notification',
  /** The server lost its database listener for a while: reload the list. */
  resync: 'resync',
  /** A care task was recorded or undone (issue 20): `{ boardingId, day }`; the care board refetches. */
  care: 'care',
} as const;

/** Most ids one mark-read call takes. */
export const MARK_READ_MAX = 100;
