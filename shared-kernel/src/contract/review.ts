import { z } from 'zod';
import { ADJUDICATION_RESULTS, CASE_TYPE_CODES } from '../constants';

/**
 * Review work (issue 23 §1-§3, docs/review-work.md): who reviews a claim, by when, and each reviewer's queue.
 * Times are ISO instants in UTC; screens show them in the display zone.
 */

/** The most claims one assignment call moves. */
export const REVIEW_ASSIGN_MAX = 500;
/** The most claims a queue lists (its counts count them all). */
export const REVIEW_QUEUE_MAX = 200;
/** The longest due time a setting may give: 90 days. */
export const REVIEW_DUE_HOURS_MAX = 90 * 24;

/** How long a review may take from the claim's arrival, for an insurer (org) or for every other one (org null). */
export const ReviewDueTime = z.object({
  org: z.string().min(1).max(100).nullable(),
  caseType: z.enum(CASE_TYPE_CODES),
  dueHours: z.number().int().min(1).max(REVIEW_DUE_HOURS_MAX, `must be at most ${REVIEW_DUE_HOURS_MAX} hours`),
});
export type ReviewDueTime = z.infer<typeof ReviewDueTime>;

/** GET /review/settings: the due times, and the policy the server was started with (configuration, read only). */
export const ReviewSettings = z.object({
  dueTimes: z.array(ReviewDueTime),
  sampleAcceptedPercent: z.number().int(),
  openClaimLimit: z.number().int(),
  lastModifiedBy: z.string().nullable(),
  lastModifiedAt: z.string().nullable(),
});
export type ReviewSettings = z.infer<typeof ReviewSettings>;

/** PUT /review/settings: every due time (the default row of each case type among them); rows left out are removed. */
export const ReviewSettingsBody = z.object({ dueTimes: z.array(ReviewDueTime).min(1).max(200) });
export type ReviewSettingsBody = z.infer<typeof ReviewSettingsBody>;

/** POST /review/assign: the claims to give to one reviewer (provider super users). */
export const ReviewAssignBody = z.object({
  claimIds: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(REVIEW_ASSIGN_MAX),
  reviewer: z.string().min(1).max(200),
});
export type ReviewAssignBody = z.infer<typeof ReviewAssignBody>;

/** One claim an assignment moved, from whom (null: nobody) to whom. */
export const ReviewAssignment = z.object({ claimId: z.number().int(), from: z.string().nullable(), to: z.string() });
export const ReviewAssignResponse = z.object({ assigned: z.array(ReviewAssignment) });
export type ReviewAssignResponse = z.infer<typeof ReviewAssignResponse>;

/** GET /review/queue?reviewer=: a super user may look at another reviewer's queue. */
export const ReviewQueueQuery = z.object({ reviewer: z.string().min(1).max(200).optional() });

/** An open review in a queue. */
export const QueueClaim = z.object({
  id: z.number().int(),
  referenceClaimId: z.string(),
  patientName: z.string(),
  org: z.string(),
  caseType: z.enum(CASE_TYPE_CODES),
  adjudicationResult: z.enum(ADJUDICATION_RESULTS).nullable(),
  assignedTo: z.string().nullable(),
  dueAt: z.string(),
  /** Due time passed, the clock running. */
  overdue: z.boolean(),
  /** The clock is paused: the claim waits for documents or answers from outside. */
  paused: z.boolean(),
});
export type QueueClaim = z.infer<typeof QueueClaim>;

/** A reviewer's load: open reviews, and how many of them are overdue. */
export const ReviewerLoad = z.object({
  username: z.string(),
  organization: z.string(),
  open: z.number().int(),
  overdue: z.number().int(),
});
export type ReviewerLoad = z.infer<typeof ReviewerLoad>;

export const QueueCounts = z.object({ open: z.number().int(), dueToday: z.number().int(), overdue: z.number().int() });
export type QueueCounts = z.infer<typeof QueueCounts>;

/**
 * GET /review/queue: the reviewer's open claims by due time and their counts ('due today' is the display zone's
 * today, overdue ones apart). For a provider super user also every reviewer's load and the open claims nobody has.
 */
export const ReviewQueue = z.object({
  reviewer: z.string(),
  counts: QueueCounts,
  claims: z.array(QueueClaim),
  reviewers: z.array(ReviewerLoad).optional(),
  unassigned: z.object({ counts: QueueCounts, claims: z.array(QueueClaim) }).optional(),
});
export type ReviewQueue = z.infer<typeof ReviewQueue>;

/**
 * GET /claims/{claimId}'s `review`: who holds the claim, by when its review is due and where its clock stands. Before
 * the first verdict the review has not started (dueAt null); once closed, closedAt and the turnaround are set.
 */
export const ClaimReview = z.object({
  /** The organisation whose reviewers review it (reassignment picks one of them). */
  reviewingOrg: z.string(),
  assignedTo: z.string().nullable(),
  dueAt: z.string().nullable(),
  /** Open, the clock running and the due time passed. */
  overdue: z.boolean(),
  /** The clock is paused: the claim waits for documents or answers from outside. */
  paused: z.boolean(),
  closedAt: z.string().nullable(),
  /** Decided less arrival less the paused time, in seconds; null while open. */
  turnaroundSeconds: z.number().int().nullable(),
});
export type ClaimReview = z.infer<typeof ClaimReview>;
