import type { Readable } from 'node:stream';
import type {
  ApplicationEvent,
  ApplicationListItem,
  ApplicationStatus,
  DocumentType,
  StatusReasonCode,
} from '@mohar/contracts';
import { applicationErrors } from './applications.errors.ts';
import type { Viewer } from './applications.repository.ts';
import * as repo from './applications.repository.ts';
import { type ApplicationsCore, viewerRoleOf } from './applications-core.ts';

/** Reading applications: one (the full view, or the row for other modules), the list, the trail, the PDF. */
export function createReads(core: ApplicationsCore) {
  const { db, blobStore, feeSettings, feeOf, getReadable, view } = core;
  return {
    view,

    /** The row if the viewer may read it, else 404 (record-access checks, before a request's body is read). */
    readableRow: getReadable,

    async list(options: {
      viewer: Viewer;
      status?: ApplicationStatus;
      search?: string;
      page?: number;
      pageSize?: number;
    }) {
      const page = options.page ?? 1;
      const pageSize = options.pageSize ?? 10;
      const { total, rows } = await repo.listForViewer(db, {
        viewer: options.viewer,
        status: options.status,
        search: options.search || undefined,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      const settings = rows.some((row) => !row.fee) ? await feeSettings.current() : null;
      const applications: ApplicationListItem[] = rows.map((row) => ({
        _id: row.id,
        title: row.title,
        documentType: row.documentType as DocumentType | null,
        notaryName: row.notaryChoice === 'named' ? row.notaryName : null,
        notaryChoice: row.notaryChoice as ApplicationListItem['notaryChoice'],
        signatoryCount: row.signatoryCount,
        status: row.status as ApplicationStatus,
        totalPaise: feeOf(row, row.signatoryCount, settings).totalPaise,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        canDownload: row.status === 'notarised',
      }));
      return { applications, total, page, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
    },

    async readDocument(options: {
      id: string;
      viewer: Viewer;
    }): Promise<{ body: Readable; fileName: string }> {
      const row = await getReadable(options.id, options.viewer);
      if (!row.document) throw applicationErrors.notFound();
      return { body: await blobStore.get(row.document.key), fileName: row.document.fileName };
    },

    async events(options: { id: string; viewer: Viewer }): Promise<ApplicationEvent[]> {
      await getReadable(options.id, options.viewer);
      const rows = await repo.listEvents(db, options.id);
      return rows.map(({ event, actorName }) => ({
        _id: event.id,
        fromStatus: event.fromStatus as ApplicationStatus | null,
        toStatus: event.toStatus as ApplicationStatus,
        actorName,
        actorRole: event.actorRole,
        reason: event.reason,
        reasonCode: event.reasonCode as StatusReasonCode | null,
        reasonParams: event.reasonParams,
        createdAt: event.createdAt.toISOString(),
      }));
    },

    /**
     * For other modules' views of one application (payments): the row if the viewer may read it (else 404), their
     * relation to it, and its fee (fixed, or quoted for a draft) — without the full view's extra lookups.
     */
    async readable(id: string, viewer: Viewer, known?: repo.ReadableApplication) {
      // `known`: the row this request's record-access check already read for the same caller.
      const row = known?.id === id ? known : await getReadable(id, viewer);
      const viewerRole = viewerRoleOf(row, viewer);
      const fee = feeOf(row, row.signatories.length, row.fee ? null : await feeSettings.current());
      return { row, viewerRole, fee };
    },
  };
}
