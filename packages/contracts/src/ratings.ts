import { z } from 'zod/mini';
import { pageQuery } from './notaries.ts';

/*
 * Ratings of completed sessions (issue 22, decision 0065): the client who owns a notarised application rates its
 * session once, 1 to 5 stars with an optional comment. Nothing is edited afterwards.
 */

export const RATING_MIN_STARS = 1;
export const RATING_MAX_STARS = 5;
export const RATING_COMMENT_MAX_LENGTH = 1000;

/** POST /applications/:id/rating: the owner's rating of the completed session. */
export const rateSessionRequest = z.strictObject({
  stars: z.int().check(z.minimum(RATING_MIN_STARS), z.maximum(RATING_MAX_STARS)),
  comment: z.optional(z.string().check(z.trim(), z.maxLength(RATING_COMMENT_MAX_LENGTH))),
});
export type RateSessionRequest = z.input<typeof rateSessionRequest>;

/** A rating as its author and the console read it. */
export const sessionRating = z.object({
  stars: z.int(),
  /** null when the client wrote none. */
  comment: z.nullable(z.string()),
  createdAt: z.string(),
});
export type SessionRating = z.infer<typeof sessionRating>;

/**
 * GET /applications/:id/rating (owner only): the rating given, or null; `canRate` is true while the application is
 * notarised and not rated yet.
 */
export const applicationRatingResponse = z.object({
  rating: z.nullable(sessionRating),
  canRate: z.boolean(),
});
export type ApplicationRatingResponse = z.infer<typeof applicationRatingResponse>;

/** A notary's average (one decimal) and how many ratings it is of; the average is null with none. */
export const ratingSummary = z.object({
  average: z.nullable(z.number()),
  count: z.int(),
});
export type RatingSummary = z.infer<typeof ratingSummary>;

/** GET /notary/ratings/summary: the signed-in notary's own average and count. */
export const notaryRatingSummaryResponse = ratingSummary;

/** One rating in the console: which application (its id and title) and what the client gave. */
export const adminNotaryRating = z.object({
  _id: z.string(),
  applicationId: z.string(),
  title: z.nullable(z.string()),
  stars: z.int(),
  comment: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AdminNotaryRating = z.infer<typeof adminNotaryRating>;

export const adminNotaryRatingsQuery = z.strictObject({ ...pageQuery });
export type AdminNotaryRatingsQuery = z.input<typeof adminNotaryRatingsQuery>;

/** GET /admin/notaries/:id/ratings: newest first, in the spec's paging shape, with the notary's summary. */
export const adminNotaryRatingsResponse = z.object({
  ratings: z.array(adminNotaryRating),
  totalPages: z.number(),
  page: z.number(),
  summary: ratingSummary,
});
export type AdminNotaryRatings = z.infer<typeof adminNotaryRatingsResponse>;
