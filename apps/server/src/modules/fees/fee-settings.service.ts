import {
  type FeeSettingsInput,
  type FeeSettingsVersion,
  GST_RATE_PERCENT,
  NOTARIAL_ACTS,
  type NotarialAct,
  type Pricing,
} from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { FeeSettings } from '../applications/fees.ts';
import * as repo from './fee-settings.repository.ts';

export type FeeSettingsInForce = Required<FeeSettings>;

/**
 * How long a process quotes from the settings it last read. A change made through this process is seen by its next
 * read (update() drops the copy); another process (PostgreSQL behind a balancer; PGlite has one process) sees it
 * within this window. A quote on a draft is only a quote: submission fixes the fee from the table itself, inside
 * its transaction, so money never depends on this copy.
 */
export const FEE_SETTINGS_CACHE_MS = 5_000;

/**
 * Fee settings (issue 6): admins change them; every change is a new row (the table is append-only), so the history
 * is complete and each application keeps the fee fixed when it was submitted. Until the first change the configured
 * defaults (FEE_* environment variables) are in force.
 */
export function createFeeSettingsService(deps: {
  db: Database;
  config: AppConfig;
  /** The clock of the cached copy's age (tests move it). */
  now?: () => number;
}) {
  const { db, config } = deps;
  const now = deps.now ?? Date.now;
  const defaults: FeeSettingsInForce = { ...config.fees, gstRatePercent: GST_RATE_PERCENT };

  function fromRow(row: repo.FeeSettingsRow): FeeSettingsInForce {
    const byAct = Object.fromEntries(
      NOTARIAL_ACTS.map((act) => [act, row.notarialPaiseByAct[act] ?? config.fees.notarialPaiseByAct[act]]),
    ) as Record<NotarialAct, number>;
    return {
      platformPaise: row.platformPaise,
      // The quote for a draft without an act yet: the most common act's fee.
      notarialPaise: byAct.attest_execution,
      notarialPaiseByAct: byAct,
      extraSignatoryPaise: row.extraSignatoryPaise,
      includedSignatories: row.includedSignatories,
      gstRatePercent: row.gstRatePercent,
    };
  }

  const toInput = (settings: FeeSettingsInForce): FeeSettingsInput => ({
    platformFeePaise: settings.platformPaise,
    notarialFees: { ...settings.notarialPaiseByAct },
    extraSignatoryFeePaise: settings.extraSignatoryPaise,
    includedSignatories: settings.includedSignatories,
    gstRatePercent: settings.gstRatePercent,
  });

  async function history(): Promise<FeeSettingsVersion[]> {
    const rows = await repo.listVersions(db);
    return rows.map(({ row, changedBy }) => ({
      ...toInput(fromRow(row)),
      _id: row.id,
      changedAt: row.createdAt.toISOString(),
      changedBy: changedBy ?? null,
    }));
  }

  const readLatest = async (tx: DbOrTx) => {
    const row = await repo.findLatest(tx);
    return row ? fromRow(row) : defaults;
  };

  // Read on every list and view of a draft, changed a few times a year: one read per window, shared by the
  // requests that arrive while it is under way.
  let cached: { until: number; settings: Promise<FeeSettingsInForce> } | null = null;
  const cachedLatest = (): Promise<FeeSettingsInForce> => {
    const at = now();
    if (!cached || cached.until <= at) {
      const entry = { until: at + FEE_SETTINGS_CACHE_MS, settings: readLatest(db) };
      // A failed read is not kept: the next request tries the database again.
      entry.settings.catch(() => {
        if (cached === entry) cached = null;
      });
      cached = entry;
    }
    return cached.settings;
  };

  return {
    /**
     * The settings in force. Without a transaction: this process's copy, at most FEE_SETTINGS_CACHE_MS old (quotes).
     * With one (fixing the fee at submission): read from the table inside it (PGlite has a single connection).
     */
    async current(tx?: DbOrTx): Promise<FeeSettingsInForce> {
      return tx ? readLatest(tx) : cachedLatest();
    },

    async view() {
      const versions = await history();
      const current = versions[0] ?? {
        ...toInput(defaults),
        _id: 'defaults',
        changedAt: new Date(0).toISOString(),
        changedBy: null,
      };
      return { current, history: versions };
    },

    async update(input: FeeSettingsInput, adminId: string) {
      await repo.insertVersion(db, {
        platformPaise: input.platformFeePaise,
        notarialPaiseByAct: { ...input.notarialFees },
        extraSignatoryPaise: input.extraSignatoryFeePaise,
        includedSignatories: input.includedSignatories,
        gstRatePercent: input.gstRatePercent,
        changedBy: adminId,
      });
      cached = null;
      return this.view();
    },

    async pricing(): Promise<Pricing> {
      const fees = await this.current();
      return {
        currency: 'INR',
        platformFeePaise: fees.platformPaise,
        gstRatePercent: fees.gstRatePercent,
        notarialFees: NOTARIAL_ACTS.map((act) => ({ act, feePaise: fees.notarialPaiseByAct[act] })),
        includedSignatories: fees.includedSignatories,
        extraSignatoryFeePaise: fees.extraSignatoryPaise,
      };
    },
  };
}

export type FeeSettingsService = ReturnType<typeof createFeeSettingsService>;
