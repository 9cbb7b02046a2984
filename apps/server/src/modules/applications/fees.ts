import { type FeeBreakdown, GST_RATE_PERCENT, type NotarialAct } from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';

/** The fee settings in force (from the fee_settings table, or the configured defaults); GST defaults to 18%. */
export type FeeSettings = AppConfig['fees'] & { gstRatePercent?: number };

const ACT_NAMES: Record<NotarialAct, string> = {
  attest_execution: 'attestation of execution',
  affidavit_oath: 'affidavit / oath',
  true_copy: 'true copy',
  translation: 'translation',
};

/**
 * GST on the platform fee in whole paise, rounded to the nearest paisa with halves rounded up (the usual commercial
 * rule; CGST Rules allow rounding the tax to the nearest rupee or paisa). Integer arithmetic only: no float ever
 * touches money.
 */
export function gstOn(platformPaise: number, ratePercent = GST_RATE_PERCENT): number {
  const hundredths = platformPaise * ratePercent + 50;
  return (hundredths - (hundredths % 100)) / 100;
}

/**
 * The fee, line by line, in integer paise: platform fee, 18% GST on it (the notarial fee is a statutory fee, not a
 * taxable supply of ours), the notarial fee for the act, and a fee per signatory beyond those included.
 * Without an act yet, the default notarial fee is quoted.
 */
export function computeFee(options: {
  settings: FeeSettings;
  act: NotarialAct | null;
  signatoryCount: number;
  isFinal: boolean;
}): FeeBreakdown {
  const { settings, act } = options;
  const extra = Math.max(0, options.signatoryCount - settings.includedSignatories);
  const rate = settings.gstRatePercent ?? GST_RATE_PERCENT;
  const lines: FeeBreakdown['lines'] = [
    { code: 'platform_fee', label: 'Platform fee', amountPaise: settings.platformPaise },
    {
      code: 'gst',
      label: `GST ${rate}% on the platform fee`,
      amountPaise: gstOn(settings.platformPaise, rate),
      params: { rate },
    },
    {
      code: 'notarial_fee',
      label: act ? `Notarial fee (${ACT_NAMES[act]})` : 'Notarial fee',
      amountPaise: act ? settings.notarialPaiseByAct[act] : settings.notarialPaise,
      ...(act ? { params: { act } } : {}),
    },
  ];
  if (extra > 0) {
    lines.push({
      code: 'extra_signatories',
      label: `Extra signatories (${extra} beyond the ${settings.includedSignatories} included)`,
      amountPaise: extra * settings.extraSignatoryPaise,
      params: { extra, included: settings.includedSignatories },
    });
  }
  return {
    currency: 'INR',
    lines,
    totalPaise: lines.reduce((sum, line) => sum + line.amountPaise, 0),
    isFinal: options.isFinal,
  };
}
