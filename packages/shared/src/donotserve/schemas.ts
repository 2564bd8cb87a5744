/**
 * Contracts of "Do not serve" (issue 20): an owner or a pet flagged by an admin (or requested by staff and approved),
 * the refusal every sale and booking path answers with while a flag is active (409), the admin's override for one
 * request (`dnsOverride`), and the owner's request to have a flag lifted.
 */
import { z } from 'zod';
import { formatDate } from '../dates.ts';
import { idSchema, requiredString } from '../common.ts';

export const DNS_REASON_MAX = 500;

export const DNS_MESSAGES = {
  reasonRequired: 'A reason is required',
  reasonTooLong: `The reason must be at most ${DNS_REASON_MAX} characters`,
  noteRequired: 'A note is required',
  noteTooLong: `The note must be at most ${DNS_REASON_MAX} characters`,
  subjectOne: 'Name either a pet (petId) or an owner (ownerId), not both',
  overrideShape: 'dnsOverride must be an object with a reason: { "reason": "…" }',
  overrideAdminOnly: 'Only an admin may override a do-not-serve flag',
  petNotFound: 'Pet not found',
  ownerNotFound: 'Owner not found',
  flagNotFound: 'Flag not found',
  reviewNotFound: 'Review request not found',
  alreadyFlagged: (name: string) => `${name} is already flagged do not serve (or a flag is waiting for an admin)`,
  notRequested: 'Only a requested flag can be approved or rejected',
  notActive: 'Only an active flag can be lifted',
  reviewPending: 'A review of this flag is already waiting for an admin',
  reviewNotPending: 'This review request has already been decided',
  flagged: 'Flagged do not serve',
  requested: 'Flag requested: an admin will decide',
  approved: 'Flag approved: it is active now',
  rejected: 'Flag request rejected',
  lifted: 'Flag lifted',
  reviewRequested: 'Review requested: the resort will let you know',
  reviewApproved: 'Review approved: the flag is lifted',
  reviewRejected: 'Review rejected',
} as const;

/** A reason or note: required, trimmed, at most 500 characters, no control characters (one line). */
const reasonText = (missing: string, tooLong: string) => requiredString(missing, DNS_REASON_MAX, tooLong);
export const dnsReason = () => reasonText(DNS_MESSAGES.reasonRequired, DNS_MESSAGES.reasonTooLong);
export const dnsNote = () => reasonText(DNS_MESSAGES.noteRequired, DNS_MESSAGES.noteTooLong);

/**
 * The admin's override of one request (an extension field of every sale and booking body): the request goes ahead
 * despite an active flag, and the override is recorded (who, why, which flag, what it allowed).
 */
export const dnsOverrideSchema = z.object({ reason: dnsReason() }, { error: DNS_MESSAGES.overrideShape });
export type DnsOverride = z.output<typeof dnsOverrideSchema>;

export const DNS_SUBJECTS = ['owner', 'pet'] as const;
export type DnsSubject = (typeof DNS_SUBJECTS)[number];
export const DNS_STATUSES = ['requested', 'active', 'rejected', 'lifted'] as const;
export type DnsStatus = (typeof DNS_STATUSES)[number];
export const DNS_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DnsReviewStatus = (typeof DNS_REVIEW_STATUSES)[number];

/** POST /donotserve: an admin flags (active at once), staff request a flag (an admin approves it). */
export const createDnsFlagBody = z
  .object({
    petId: idSchema.optional(),
    ownerId: idSchema.optional(),
    reason: dnsReason(),
  })
  .refine((b) => (b.petId === undefined) !== (b.ownerId === undefined), {
    message: DNS_MESSAGES.subjectOne,
    path: ['petId'],
  });
export type CreateDnsFlagBody = z.input<typeof createDnsFlagBody>;

/** Approve (no note needed), reject and lift (a note is required). */
export const dnsApproveBody = z.object({ note: z.union([dnsNote(), z.literal('')]).optional() }).optional();
export const dnsNoteBody = z.object({ note: dnsNote() });
export type DnsNoteBody = z.input<typeof dnsNoteBody>;
export const dnsReviewBody = z.object({ reason: dnsReason() });
export type DnsReviewBody = z.input<typeof dnsReviewBody>;

export const dnsListQuery = z.object({
  status: z.enum(['active', 'requested'], { error: "status must be 'active' or 'requested'" }).default('active'),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(20),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).max(1_000_000).default(0),
});
export const dnsReviewsQuery = dnsListQuery.pick({ limit: true, offset: true });
export const dnsSubjectQuery = z
  .object({ petId: idSchema.optional(), ownerId: idSchema.optional() })
  .refine((q) => (q.petId === undefined) !== (q.ownerId === undefined), {
    message: DNS_MESSAGES.subjectOne,
    path: ['petId'],
  });

const person = z.object({ _id: z.string().nullable(), name: z.string() }).nullable();

export const dnsReviewSchema = z.object({
  _id: z.string(),
  flagId: z.string(),
  reason: z.string(),
  status: z.enum(DNS_REVIEW_STATUSES),
  adminNote: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: person,
});
export type DnsReview = z.infer<typeof dnsReviewSchema>;

export const dnsFlagSchema = z.object({
  _id: z.string(),
  subject: z.enum(DNS_SUBJECTS),
  petId: z.string().nullable(),
  ownerId: z.string().nullable(),
  /** The pet's or owner's name, as lists show it. */
  subjectName: z.string(),
  /** The owner's name (the pet's owner, or the owner flagged). */
  ownerName: z.string(),
  reason: z.string(),
  status: z.enum(DNS_STATUSES),
  requestedBy: person,
  requestedAt: z.string().nullable(),
  decidedBy: person,
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  liftedBy: person,
  liftedAt: z.string().nullable(),
  liftNote: z.string().nullable(),
  /** The owner's pending request to lift it, if any. */
  pendingReview: dnsReviewSchema.nullable(),
});
export type DnsFlag = z.infer<typeof dnsFlagSchema>;

export const dnsFlagResponse = z.object({ success: z.literal(true), message: z.string(), flag: dnsFlagSchema });
export const dnsFlagsResponse = z.object({ success: z.literal(true), flags: z.array(dnsFlagSchema), total: z.number() });
export type DnsFlagsResponse = z.infer<typeof dnsFlagsResponse>;

/** A pending lift request with its flag, for the admin page. */
export const dnsReviewRowSchema = dnsReviewSchema.extend({ flag: dnsFlagSchema });
export type DnsReviewRow = z.infer<typeof dnsReviewRowSchema>;
export const dnsReviewsResponse = z.object({
  success: z.literal(true),
  reviews: z.array(dnsReviewRowSchema),
  total: z.number(),
});
export type DnsReviewsResponse = z.infer<typeof dnsReviewsResponse>;
export const dnsReviewResponse = z.object({ success: z.literal(true), message: z.string(), review: dnsReviewSchema });

/** What blocks serving a pet or owner now: `{reason, since}`, or null. */
export const doNotServeMark = z.object({ flagId: z.string(), reason: z.string(), since: z.string(), by: z.string() });
export type DoNotServeMark = z.infer<typeof doNotServeMark>;

/** GET /donotserve/subject: the flags of a pet (and of its owner) or of an owner, for its details page. */
export const dnsSubjectResponse = z.object({
  success: z.literal(true),
  /** The active flag that refuses service now (the pet's, else its owner's), or null. */
  doNotServe: doNotServeMark.nullable(),
  /** The active and requested flags on the subject (and a pet's owner). */
  flags: z.array(dnsFlagSchema),
});
export type DnsSubjectResponse = z.infer<typeof dnsSubjectResponse>;

/** GET /donotserve/marks: every active flag, by pet and by owner, for the badges of lists (bounded). */
export const dnsMarksResponse = z.object({
  success: z.literal(true),
  pets: z.record(z.string(), doNotServeMark),
  owners: z.record(z.string(), doNotServeMark),
});
export type DnsMarksResponse = z.infer<typeof dnsMarksResponse>;

/** GET /customer/donotserve: the caller's flagged pets and self, with their review status. */
export const customerDnsFlagSchema = z.object({
  _id: z.string(),
  subject: z.enum(DNS_SUBJECTS),
  petId: z.string().nullable(),
  subjectName: z.string(),
  reason: z.string(),
  since: z.string(),
  /** The latest review asked for (pending, or decided with the admin's note). */
  review: dnsReviewSchema.omit({ resolvedBy: true }).nullable(),
});
export type CustomerDnsFlag = z.infer<typeof customerDnsFlagSchema>;
export const customerDnsResponse = z.object({ success: z.literal(true), flags: z.array(customerDnsFlagSchema) });
export type CustomerDnsResponse = z.infer<typeof customerDnsResponse>;

/** The refusal's code in a 409 body (`code: 'do_not_serve'`), so screens can offer the override. */
export const DNS_CONFLICT_CODE = 'do_not_serve';

export interface DnsRefusal {
  reason: string;
  /** Who flagged it (the admin who flagged or approved it; an imported flag's recorded name). */
  by: string;
  /** When it became active (an ISO instant or a yyyy-MM-dd day). */
  since: string;
}

/**
 * The refusal message: `Do not serve: <reason> (flagged by <name> on 28 Nov 2026)`. A customer is told the reason
 * and to contact the resort, not who flagged them.
 */
export function doNotServeMessage(r: DnsRefusal, audience: 'staff' | 'customer' = 'staff', tz?: string): string {
  if (audience === 'customer') return `Service paused: ${r.reason}. Please contact the resort.`;
  return `Do not serve: ${r.reason} (flagged by ${r.by} on ${formatDate(r.since, tz)})`;
}

/** The 409 body's extra fields (besides `success: false` and `message`). */
export const dnsConflictExtra = z.object({
  code: z.literal(DNS_CONFLICT_CODE),
  doNotServe: z.object({ flagId: z.string(), subject: z.enum(DNS_SUBJECTS), reason: z.string() }),
});

/** Whether an answer's body is a do-not-serve refusal (the screens' override offer). */
export function isDnsRefusal(body: unknown): body is { message: string; code: typeof DNS_CONFLICT_CODE } {
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === DNS_CONFLICT_CODE;
}

/** A text for the subject kind, as the admin page shows it. */
export const subjectLabel = (s: DnsSubject) => (s === 'pet' ? 'Pet' : 'Owner');

/** For the override: parses what a request sent as `dnsOverride` (the server's hook; 400 when malformed). */
export const parseDnsOverride = (v: unknown) => dnsOverrideSchema.safeParse(v);

/** A sale or booking body with the admin's override (taken out by the server before the route's schema). */
export type WithDnsOverride<T> = T & { dnsOverride?: DnsOverride };
