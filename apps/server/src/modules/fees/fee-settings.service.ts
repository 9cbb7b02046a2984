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
 * Fee settings (issue 6): admins change them; every change is a new row (the table is append-only), so the history
 * is complete and each application keeps the fee fixed when it was submitted. Until the first change the configured
 * defaults (FEE_* environment variables) are in force.
 */
export function createFeeSettingsService(deps: { db: Database; config: AppConfig }) {
  const { db, config } = deps;
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

  return {
    /** The settings in force; pass the transaction when quoting inside one (PGlite has a single connection). */
    async current(tx: DbOrTx = db): Promise<FeeSettingsInForce> {
      const row = await repo.findLatest(tx);
      return row ? fromRow(row) : defaults;
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
