import type {
  AdminNotaryRatings,
  ApplicationRatingResponse,
  RateSessionRequest,
  RatingSummary,
  SessionRating,
} from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import { findApplication, findApplicationSummaries } from '../applications/applications.service.ts';
import { ratingErrors } from './ratings.errors.ts';
import * as repo from './ratings.repository.ts';

const DEFAULT_PAGE_SIZE = 20;

const ratingOf = (row: repo.RatingRow): SessionRating => ({
  stars: row.stars,
  comment: row.comment,
  createdAt: row.createdAt.toISOString(),
});

/** One decimal, as the screens show it; null when nobody has rated yet. */
const summaryOf = (raw: { average: string | null; count: number }): RatingSummary => ({
  average: raw.average === null || raw.count === 0 ? null : Math.round(Number(raw.average) * 10) / 10,
  count: raw.count,
});

export type RatingsService = ReturnType<typeof createRatingsService>;

/**
 * Ratings of completed sessions (issue 22, decision 0065). Only the client who owns the application rates it, only
 * once it is notarised, and only once: the notary's average must stand for one rating per act, and a rating that
 * could be changed later invites pressure on the client. The rating names the notary who held the session.
 */
export function createRatingsService(deps: { db: Database }) {
  const { db } = deps;

  /** The caller's own application, or the 404 of one they cannot see. */
  async function ownApplication(applicationId: string, userId: string) {
    const application = await findApplication(db, applicationId);
    if (!application || application.ownerId !== userId) throw ratingErrors.applicationNotFound();
    return application;
  }

  return {
    async forApplication(options: {
      applicationId: string;
      userId: string;
    }): Promise<ApplicationRatingResponse> {
      const application = await ownApplication(options.applicationId, options.userId);
      const row = await repo.findByApplication(db, application.id);
      return {
        rating: row ? ratingOf(row) : null,
        canRate: !row && application.status === 'notarised',
      };
    },

    async rate(
      options: { applicationId: string; userId: string } & RateSessionRequest,
    ): Promise<ApplicationRatingResponse> {
      const application = await ownApplication(options.applicationId, options.userId);
      const notaryId = application.assignedNotaryId ?? application.notaryId;
      if (application.status !== 'notarised' || !notaryId) throw ratingErrors.notCompleted();
      const comment = options.comment?.trim();
      const row = await repo.insertRating(db, {
        applicationId: application.id,
        clientId: options.userId,
        notaryId,
        stars: options.stars,
        comment: comment ? comment : null,
      });
      if (!row) throw ratingErrors.alreadyRated();
      return { rating: ratingOf(row), canRate: false };
    },

    async summary(notaryId: string): Promise<RatingSummary> {
      return summaryOf(await repo.summarise(db, notaryId));
    },

    /** The console's list (the caller checked the notary exists and may be read). */
    async listForNotary(options: {
      notaryId: string;
      page?: number;
      pageSize?: number;
    }): Promise<AdminNotaryRatings> {
      const page = options.page ?? 1;
      const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
      const summary = summaryOf(await repo.summarise(db, options.notaryId));
      const rows = await repo.listForNotary(db, {
        notaryId: options.notaryId,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      const titles = new Map(
        (
          await findApplicationSummaries(
            db,
            rows.map((r) => r.applicationId),
          )
        ).map((a) => [a.id, a.title]),
      );
      return {
        ratings: rows.map((row) => ({
          _id: row.id,
          applicationId: row.applicationId,
          title: titles.get(row.applicationId) ?? null,
          stars: row.stars,
          comment: row.comment,
          createdAt: row.createdAt.toISOString(),
        })),
        totalPages: Math.max(1, Math.ceil(summary.count / pageSize)),
        page,
        summary,
      };
    },
  };
}
