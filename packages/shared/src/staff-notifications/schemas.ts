/**
 * Contracts of the staff notifications (issue 15): what the back office must act on (money captured that pays no
 * sale, a refund the provider failed…). One shared inbox: a notification read by one staff member is read for all.
 */
import { z } from 'zod';
import { cursorQuery, idSchema, limitQuery, whenObject } from '../common.ts';
import { MARK_READ_MAX, STAFF_NOTIFICATION_MESSAGES } from './messages.ts';

// The texts and the stream's events, without zod (the staff shell imports them without loading zod).
export * from './messages.ts';

export const staffNotificationsQuery = z.object({
  /** `true`: only the unread ones. */
  unread: z
    .enum(['true', 'false'], { error: STAFF_NOTIFICATION_MESSAGES.unread })
    .optional()
    .transform((v) => v === 'true'),
  limit: limitQuery(100, 20),
  cursor: cursorQuery(200),
});
export type StaffNotificationsQuery = z.input<typeof staffNotificationsQuery>;

export const staffNotificationSchema = z.object({
  _id: z.string(),
  /** unapplied_payment | refund_failed | … */
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The screen that deals with it (an app path), or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type StaffNotification = z.infer<typeof staffNotificationSchema>;

export const staffNotificationsResponse = z.object({
  success: z.literal(true),
  /** Newest first. */
  notifications: z.array(staffNotificationSchema),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type StaffNotificationsResponse = z.infer<typeof staffNotificationsResponse>;

export const markReadBody = z
  .object({
    ids: z.array(idSchema).max(MARK_READ_MAX, STAFF_NOTIFICATION_MESSAGES.tooMany).optional(),
    all: z.boolean({ error: 'All must be true or false' }).optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.all && !b.ids?.length) ctx.addIssue({ code: 'custom', message: STAFF_NOTIFICATION_MESSAGES.markWhat, path: ['ids'] });
  }, whenObject);
export type MarkReadBody = z.input<typeof markReadBody>;

export const markReadResponse = z.object({
  success: z.literal(true),
  /** How many changed from unread to read. */
  marked: z.number().int(),
  unreadCount: z.number().int(),
});
export type MarkReadResponse = z.infer<typeof markReadResponse>;

/**
 * A pet owner's in-app inbox (issue 19): GET /customer/notifications and POST /customer/notifications/read take and
 * answer the same shapes as the staff inbox, for the caller's own entries only.
 */
export const customerNotificationsQuery = staffNotificationsQuery;
export const customerNotificationSchema = staffNotificationSchema;
export type CustomerNotification = StaffNotification;

/** A stored notification (staff or an owner's) as the API shows it. */
export const notificationView = (r: {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: Date;
  readAt: Date | null;
}): StaffNotification => ({
  _id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt ? r.readAt.toISOString() : null,
});
export const customerNotificationsResponse = staffNotificationsResponse;
export type CustomerNotificationsResponse = StaffNotificationsResponse;
