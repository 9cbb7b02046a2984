import { type BulkImport, managesOrganisation, todayInIndia } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../platform/ids.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import { findUserContact } from '../auth/auth.service.ts';
import { organisationErrors } from '../organisations/organisations.errors.ts';
import type { OrganisationsService } from '../organisations/organisations.service.ts';
import { bulkErrors } from './bulk.errors.ts';
import * as repo from './bulk.repository.ts';
import { readSignatoriesCsv, templateCsv } from './bulk-csv.ts';

const LIST_LIMIT = 50;

/**
 * Bulk creation (issue 25, decision 0074): every current member of an organisation may create drafts for it from one
 * PDF and a CSV; the drafts are theirs, made for the organisation. Owners and admins see every import of the
 * organisation, a member their own; anyone else gets 404.
 */
export function createBulkService(deps: {
  db: Database;
  applicationsService: Pick<ApplicationsService, 'createDrafts'>;
  organisationsService: Pick<OrganisationsService, 'roleOf'>;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function roleOf(organisationId: string, userId: string) {
    const role = isUuid(organisationId)
      ? await deps.organisationsService.roleOf(organisationId, userId)
      : null;
    if (!role) throw organisationErrors.notFound();
    return role;
  }

  async function toImport(row: repo.BulkImportRow): Promise<BulkImport> {
    const creator = await findUserContact(db, row.createdBy);
    return {
      _id: row.id,
      organisationId: row.organisationId,
      createdByName: creator?.name ?? '',
      documentName: row.documentName,
      rowCount: row.rowCount,
      applications: row.applications.map((a) => ({
        _id: a.applicationId,
        reference: a.reference,
        title: a.title,
        signatoryCount: a.signatoryCount,
      })),
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    template: templateCsv,

    /** Before the upload is read: a stranger's 404 costs no parsing. */
    assertMember: async (organisationId: string, userId: string) => {
      await roleOf(organisationId, userId);
    },

    async create(options: {
      organisationId: string;
      userId: string;
      ip: string | null;
      document: { bytes: Buffer; fileName?: string };
      csv: string;
    }) {
      await roleOf(options.organisationId, options.userId);
      const { drafts, issues } = readSignatoriesCsv(options.csv, todayInIndia(now()));
      if (issues.length > 0) throw bulkErrors.rowsInvalid(issues);
      const rowCount = drafts.reduce((sum, d) => sum + d.rows.length, 0);
      let imported: repo.BulkImportRow | undefined;
      await deps.applicationsService.createDrafts({
        ownerId: options.userId,
        organisationId: options.organisationId,
        actor: { userId: options.userId, role: 'client', ip: options.ip },
        document: options.document,
        drafts: drafts.map((d) => ({ title: d.title, signatories: d.signatories })),
        inTransaction: async (tx, ids) => {
          imported = await repo.insertImport(tx, {
            organisationId: options.organisationId,
            createdBy: options.userId,
            documentName: options.document.fileName ?? 'document.pdf',
            rowCount,
            applications: drafts.map((d, index) => ({
              applicationId: ids[index] as string,
              reference: d.reference,
              title: d.title,
              signatoryCount: d.signatories.length,
            })),
          });
        },
      });
      if (!imported) throw new Error('bulk import not recorded');
      return toImport(imported);
    },

    async get(options: { organisationId: string; importId: string; userId: string }) {
      const role = await roleOf(options.organisationId, options.userId);
      const row = isUuid(options.importId)
        ? await repo.findImport(db, { id: options.importId, organisationId: options.organisationId })
        : undefined;
      if (!row || (!managesOrganisation(role) && row.createdBy !== options.userId))
        throw bulkErrors.notFound();
      return toImport(row);
    },

    async list(options: { organisationId: string; userId: string }) {
      const role = await roleOf(options.organisationId, options.userId);
      const rows = await repo.listImports(db, {
        organisationId: options.organisationId,
        createdBy: managesOrganisation(role) ? undefined : options.userId,
        limit: LIST_LIMIT,
      });
      return Promise.all(rows.map(toImport));
    },
  };
}

export type BulkService = ReturnType<typeof createBulkService>;
