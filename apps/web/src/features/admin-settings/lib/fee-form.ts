import { type FeeSettingsInput, feeSettingsInput, NOTARIAL_ACTS, type NotarialAct } from '@mohar/contracts';
import { z } from 'zod/mini';
import { paiseToRupees, rupeesToPaise } from '@/lib/rupees';

/** The form's fields: amounts are typed in rupees (text, read exactly), the counts and the rate as whole numbers. */
export type FeeFormValues = {
  platformFee: string;
  notarialFees: Record<NotarialAct, string>;
  extraSignatoryFee: string;
  includedSignatories: string;
  gstRatePercent: string;
};

export type FeeField =
  | 'platformFee'
  | `notarial_${NotarialAct}`
  | 'extraSignatoryFee'
  | 'includedSignatories'
  | 'gstRatePercent';

/** What is wrong with a field, for the screen to put in words (amounts limits are in paise). */
export type FeeFieldProblem =
  | { kind: 'required' }
  | { kind: 'invalid' }
  | { kind: 'too_small'; minimum: number }
  | { kind: 'too_big'; maximum: number };

export type FeeFormResult =
  | { ok: true; data: FeeSettingsInput }
  | { ok: false; problems: Partial<Record<FeeField, FeeFieldProblem>> };

export const AMOUNT_FIELDS = [
  'platformFee',
  ...NOTARIAL_ACTS.map((act) => `notarial_${act}` as const),
  'extraSignatoryFee',
] as const satisfies readonly FeeField[];

/** Where a setting sits in the form's values (`notarialFees.true_copy` for `notarial_true_copy`). */
export function feeFieldPath(field: FeeField): string {
  return field.startsWith('notarial_') ? `notarialFees.${field.slice('notarial_'.length)}` : field;
}

/** The form as it starts: the current settings, amounts in rupees. */
export function feeFormValuesOf(settings: FeeSettingsInput): FeeFormValues {
  return {
    platformFee: paiseToRupees(settings.platformFeePaise),
    notarialFees: Object.fromEntries(
      NOTARIAL_ACTS.map((act) => [act, paiseToRupees(settings.notarialFees[act])]),
    ) as Record<NotarialAct, string>,
    extraSignatoryFee: paiseToRupees(settings.extraSignatoryFeePaise),
    includedSignatories: String(settings.includedSignatories),
    gstRatePercent: String(settings.gstRatePercent),
  };
}

const parseWhole = (text: string): number | null =>
  /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null;

/** The contract's field path → the form's field. */
function fieldOf(path: readonly PropertyKey[]): FeeField | null {
  const [first, second] = path;
  if (first === 'platformFeePaise') return 'platformFee';
  if (first === 'extraSignatoryFeePaise') return 'extraSignatoryFee';
  if (first === 'includedSignatories' || first === 'gstRatePercent') return first;
  if (first === 'notarialFees' && (NOTARIAL_ACTS as readonly PropertyKey[]).includes(second ?? ''))
    return `notarial_${second as NotarialAct}`;
  return null;
}

/**
 * The form → the PUT body, checked by the contract's own schema (the server applies the same), with each field's
 * first problem. An empty field is "required"; text that is not an amount is "invalid".
 */
export function parseFeeForm(values: FeeFormValues): FeeFormResult {
  const problems: Partial<Record<FeeField, FeeFieldProblem>> = {};
  const amount = (field: FeeField, text: string) => {
    if (text.trim() === '') problems[field] = { kind: 'required' };
    const paise = rupeesToPaise(text);
    if (paise === null) problems[field] ??= { kind: 'invalid' };
    return paise ?? 0;
  };
  const whole = (field: FeeField, text: string) => {
    if (text.trim() === '') problems[field] = { kind: 'required' };
    const value = parseWhole(text);
    if (value === null) problems[field] ??= { kind: 'invalid' };
    return value ?? 0;
  };
  const candidate: FeeSettingsInput = {
    platformFeePaise: amount('platformFee', values.platformFee),
    notarialFees: {
      attest_execution: amount('notarial_attest_execution', values.notarialFees.attest_execution),
      affidavit_oath: amount('notarial_affidavit_oath', values.notarialFees.affidavit_oath),
      true_copy: amount('notarial_true_copy', values.notarialFees.true_copy),
      translation: amount('notarial_translation', values.notarialFees.translation),
    },
    extraSignatoryFeePaise: amount('extraSignatoryFee', values.extraSignatoryFee),
    includedSignatories: whole('includedSignatories', values.includedSignatories),
    gstRatePercent: whole('gstRatePercent', values.gstRatePercent),
  };
  const result = z.safeParse(feeSettingsInput, candidate);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path);
      if (!field || problems[field]) continue;
      if (issue.code === 'too_big') problems[field] = { kind: 'too_big', maximum: Number(issue.maximum) };
      else if (issue.code === 'too_small')
        problems[field] = { kind: 'too_small', minimum: Number(issue.minimum) };
      else problems[field] = { kind: 'invalid' };
    }
  }
  if (Object.keys(problems).length > 0 || !result.success) return { ok: false, problems };
  return { ok: true, data: result.data };
}

/** Which settings a save would change (in the form's field names), so an unchanged form is not saved. */
export function changedFields(current: FeeSettingsInput, next: FeeSettingsInput): FeeField[] {
  const changed: FeeField[] = [];
  if (current.platformFeePaise !== next.platformFeePaise) changed.push('platformFee');
  for (const act of NOTARIAL_ACTS)
    if (current.notarialFees[act] !== next.notarialFees[act]) changed.push(`notarial_${act}`);
  if (current.extraSignatoryFeePaise !== next.extraSignatoryFeePaise) changed.push('extraSignatoryFee');
  if (current.includedSignatories !== next.includedSignatories) changed.push('includedSignatories');
  if (current.gstRatePercent !== next.gstRatePercent) changed.push('gstRatePercent');
  return changed;
}

/**
 * GST on the platform fee in whole paise, halves rounded up: (fee × rate + 50) div 100, integers only — the server's
 * rule, so the example matches what clients are quoted.
 */
export function gstOn(options: { platformFeePaise: number; gstRatePercent: number }): number {
  const hundredths = options.platformFeePaise * options.gstRatePercent + 50;
  return (hundredths - (hundredths % 100)) / 100;
}

export type FeeExample = {
  platformFeePaise: number;
  gstPaise: number;
  notarialFeePaise: number;
  extraSignatories: number;
  extraSignatoryPaise: number;
  totalPaise: number;
};

/** What one application would cost under these settings: platform fee + GST on it + the act's fee + extra signatories. */
export function exampleFee(
  settings: FeeSettingsInput,
  options: { act: NotarialAct; signatories: number },
): FeeExample {
  const gstPaise = gstOn(settings);
  const notarialFeePaise = settings.notarialFees[options.act];
  const extraSignatories = Math.max(0, options.signatories - settings.includedSignatories);
  const extraSignatoryPaise = extraSignatories * settings.extraSignatoryFeePaise;
  return {
    platformFeePaise: settings.platformFeePaise,
    gstPaise,
    notarialFeePaise,
    extraSignatories,
    extraSignatoryPaise,
    totalPaise: settings.platformFeePaise + gstPaise + notarialFeePaise + extraSignatoryPaise,
  };
}
