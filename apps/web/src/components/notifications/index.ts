export { MarkAllReadButton } from './MarkAllReadButton';
export { type EntryLink, NotificationEntry } from './NotificationEntry';
export { UnreadIndicator } from './UnreadIndicator';
export { UnreadNotificationsCard } from './UnreadNotificationsCard';
export { type MarkRead, useMarkRead } from './use-mark-read';
