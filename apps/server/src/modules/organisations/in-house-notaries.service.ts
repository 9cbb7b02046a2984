import type { Database, DbOrTx } from '../../db/client.ts';
import { isUuid } from '../../platform/ids.ts';
import { inHouseNotaryErrors } from './in-house-notaries.errors.ts';
import * as repo from './in-house-notaries.repository.ts';
import { organisationErrors } from './organisations.errors.ts';
import * as organisationsRepo from './organisations.repository.ts';
import type { OrganisationsService } from './organisations.service.ts';

/** What this module needs of the notaries module (passed in from app.ts). */
export type InHouseNotaryLookup = {
  /** The verified notary with this registration number who may take work now, or null. */
  findByRegistration: (registrationNumber: string) => Promise<{ _id: string } | null>;
  /** Any notary's name and number, for the organisation's list (also after a commission lapses). */
  findProfile: (
    notaryId: string,
  ) => Promise<{ fullName: string | null; registrationNumber: string | null } | undefined>;
};

/** Who the directory shows one caller: everyone but `excludeIds`, and when `onlyIds` is given, only those. */
export type DirectoryScope = { excludeIds: readonly string[]; onlyIds?: readonly string[] };

/** How long an organisation's own notaries have a request to themselves before every available notary sees it. */
export const IN_HOUSE_FIRST_SHARE = 0.5;

/**
 * In-house notaries (issue 25, decision 0074): an owner or admin invites a verified notary, the notary accepts in
 * their area; the organisation's requests then go to them first (or only), and the notary chooses whether members of
 * the organisation also find them in the public directory.
 */
export function createInHouseNotariesService(deps: {
  db: Database;
  organisationsService: OrganisationsService;
  notaries: InHouseNotaryLookup;
  now?: () => Date;
}) {
  const { db, organisationsService, notaries } = deps;
  const now = deps.now ?? (() => new Date());
  const idOf = (id: string) => {
    if (!isUuid(id)) throw inHouseNotaryErrors.notFound();
    return id;
  };

  async function organisationView(organisationId: string) {
    const rows = await repo.listLinksOf(db, organisationId);
    return Promise.all(
      rows.map(async (row) => {
        const profile = await notaries.findProfile(row.notaryId);
        return {
          _id: row.id,
          notaryId: row.notaryId,
          fullName: profile?.fullName ?? null,
          registrationNumber: profile?.registrationNumber ?? null,
          status: row.status as 'invited' | 'active',
          createdAt: row.createdAt.toISOString(),
          acceptedAt: row.acceptedAt?.toISOString() ?? null,
        };
      }),
    );
  }

  async function notaryView(notaryId: string) {
    const rows = await repo.listLinksOfNotary(db, notaryId);
    return rows.map(({ link, organisationName }) => ({
      _id: link.id,
      organisationName,
      status: link.status as 'invited' | 'active',
      listedForMembers: link.listedForMembers,
      createdAt: link.createdAt.toISOString(),
    }));
  }

  async function allowedNotariesFor(tx: DbOrTx, organisationId: string): Promise<string[] | null> {
    const organisation = await organisationsRepo.findOrganisation(tx, organisationId);
    if (!organisation?.inHouseNotariesOnly) return null;
    return repo.activeNotaryIds(tx, organisationId);
  }

  async function notaryLink(options: { linkId: string; notaryId: string }) {
    const link = await repo.findLink(db, { id: idOf(options.linkId), notaryId: options.notaryId });
    if (!link) throw inHouseNotaryErrors.notFound();
    return link;
  }

  return {
    /** Every member sees who the organisation's notaries are. */
    async list(options: { id: string; userId: string }) {
      if (!(await organisationsService.roleOf(options.id, options.userId)))
        throw organisationErrors.notFound();
      return organisationView(options.id);
    },

    async invite(options: { id: string; userId: string; registrationNumber: string }) {
      await organisationsService.assertManager(options.id, options.userId);
      const notary = await notaries.findByRegistration(options.registrationNumber);
      if (!notary) throw inHouseNotaryErrors.notaryUnavailable();
      const inserted = await repo.insertLink(db, {
        organisationId: options.id,
        notaryId: notary._id,
        invitedBy: options.userId,
      });
      if (!inserted) throw inHouseNotaryErrors.alreadyLinked();
      return organisationView(options.id);
    },

    /** Withdraws an invitation or ends the link; requests already offered stay offered until they close. */
    async end(options: { id: string; userId: string; linkId: string }) {
      await organisationsService.assertManager(options.id, options.userId);
      const link = await repo.findLink(db, { id: idOf(options.linkId), organisationId: options.id });
      if (!link) throw inHouseNotaryErrors.notFound();
      await repo.updateLink(db, {
        id: link.id,
        from: ['invited', 'active'],
        changes: { status: 'ended', endedAt: now() },
      });
      return organisationView(options.id);
    },

    notaryLinks: (notaryId: string) => notaryView(notaryId),

    async accept(options: { linkId: string; notaryId: string }) {
      const link = await notaryLink(options);
      if (
        !(await repo.updateLink(db, {
          id: link.id,
          from: ['invited'],
          changes: { status: 'active', acceptedAt: now() },
        }))
      )
        throw inHouseNotaryErrors.notFound();
      return notaryView(options.notaryId);
    },

    /** Declining an invitation, or leaving an organisation the notary works for. */
    async decline(options: { linkId: string; notaryId: string }) {
      const link = await notaryLink(options);
      const changes =
        link.status === 'invited'
          ? { status: 'declined' as const, endedAt: now() }
          : { status: 'ended' as const, endedAt: now() };
      if (!(await repo.updateLink(db, { id: link.id, from: [link.status], changes })))
        throw inHouseNotaryErrors.notFound();
      return notaryView(options.notaryId);
    },

    async setListed(options: { linkId: string; notaryId: string; listedForMembers: boolean }) {
      const link = await notaryLink(options);
      if (
        !(await repo.updateLink(db, {
          id: link.id,
          from: ['invited', 'active'],
          changes: { listedForMembers: options.listedForMembers },
        }))
      )
        throw inHouseNotaryErrors.notFound();
      return notaryView(options.notaryId);
    },

    /**
     * Who an organisation's "first available" request is offered to (the sessions module asks, inside its
     * transaction): null when the organisation has no in-house notaries and takes anyone; otherwise its notaries,
     * alone until `until` (or for good under the "only" setting). Refused when "only" leaves nobody.
     */
    async routeFor(
      tx: DbOrTx,
      options: { organisationId: string; at: Date; windowMs: number },
    ): Promise<{ notaryIds: string[]; until: Date | null } | null> {
      const organisation = await organisationsRepo.findOrganisation(tx, options.organisationId);
      if (!organisation) return null;
      const notaryIds = await repo.activeNotaryIds(tx, options.organisationId);
      if (organisation.inHouseNotariesOnly) {
        if (notaryIds.length === 0) throw inHouseNotaryErrors.noneLinked();
        return { notaryIds, until: null };
      }
      if (notaryIds.length === 0) return null;
      return { notaryIds, until: new Date(options.at.getTime() + options.windowMs * IN_HOUSE_FIRST_SHARE) };
    },

    /**
     * The notaries the organisation may name (a draft, a booking) under its "only our in-house notaries" setting:
     * its active in-house notaries. Null when the setting is off and any notary will do (decision 0091).
     */
    allowedNotariesFor,

    /**
     * What the directory shows someone acting for this organisation: under "only", its active notaries alone (listed
     * or not: they are the only ones a member may name); otherwise everyone but its own who chose not to be listed.
     */
    async directoryScopeFor(organisationId: string): Promise<DirectoryScope> {
      const only = await allowedNotariesFor(db, organisationId);
      if (only) return { excludeIds: [], onlyIds: only };
      return { excludeIds: await repo.unlistedNotaryIds(db, organisationId) };
    },
  };
}

export type InHouseNotariesService = ReturnType<typeof createInHouseNotariesService>;
