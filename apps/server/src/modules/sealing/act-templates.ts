/**
 * The wording of the notarial certificate for each notarial act, one object per act.
 *
 * Sources: Notaries Act 1952, s. 8(1) — (a) "verify, authenticate, certify or attest the execution of any instrument",
 * (e) "administer oath to, or take affidavit from, any person", (h) "translate, and verify the translation of, any
 * document from one language into another"; Notaries Rules 1956 (register, Form XV). Certifying true copies is
 * settled notarial practice usually read into s. 8(1)(a); no provision names it expressly.
 *
 * The wording says what happened and nothing more: the parties appeared by live audio-video link (no Indian statute
 * yet provides expressly for remote notarisation, so the certificate must not suggest a physical appearance), and
 * each act states what it does not certify. Dates are IST.
 */
import type { NotarialAct } from '@mohar/contracts';
import { formatIstDateLong } from './format.ts';

export type ActTemplateInput = {
  act: NotarialAct;
  /** Executants, deponents, or the persons who produced the original — as on their identity documents. */
  executants: string[];
  notaryName: string;
  registrationNumber: string;
  /** Where the notary performed the act (the notary's station), e.g. "New Delhi". */
  place: string;
  /** When the act was performed; printed as its IST date. */
  date: Date;
  /** Affidavits: which form the deponent took. Unknown prints "Sworn/affirmed", for the notary to have struck through. */
  oath?: 'sworn' | 'affirmed';
  /** Translations: the languages, e.g. { from: 'Hindi', to: 'English' }. */
  translation?: { from: string; to: string };
};

export type ActTemplate = {
  /** The act's name as the register (Form XV column 3) and the certificate page print it. */
  name: string;
  /** Heading of the certificate block on the document. */
  heading: string;
  /**
   * The heading in Hindi, printed above the English one for a client who reads Hindi (decision 0065). The act's
   * wording itself stays English: it is what the notary certifies and what governs.
   */
  hindiHeading: string;
  paragraphs: (input: ActTemplateInput) => string[];
};

export type ActWording = {
  /** The heading's lines: the English one, or for a Hindi reader the Hindi one above the English. */
  heading: string[];
  paragraphs: string[];
};

/** "A", "A and B", "A, B and C". */
export function listNames(names: readonly string[]): string {
  const clean = names.map((n) => n.trim()).filter(Boolean);
  if (clean.length <= 1) return clean[0] ?? '';
  return `${clean.slice(0, -1).join(', ')} and ${clean[clean.length - 1]}`;
}

const given = (input: ActTemplateInput) =>
  `Given under my hand and seal at ${input.place} on ${formatIstDateLong(input.date)}.`;

const appeared = (count: number) =>
  `appeared before me by live audio-video link, ${count > 1 ? 'were' : 'was'} identified to my satisfaction`;

export const ACT_TEMPLATES: Readonly<Record<NotarialAct, ActTemplate>> = {
  attest_execution: {
    name: 'Attestation of execution',
    heading: 'Notarial certificate — attestation of execution',
    hindiHeading: 'नोटरी प्रमाणपत्र — निष्पादन का अनुप्रमाणन',
    paragraphs: (input) => {
      const many = input.executants.length > 1;
      return [
        `Executed before me by ${listNames(input.executants)}, who ${appeared(input.executants.length)}, and signed this instrument in my presence.`,
        `This attests the execution of the instrument by the ${many ? 'executants' : 'executant'} named above; it does not certify the truth of its contents.`,
        given(input),
      ];
    },
  },
  affidavit_oath: {
    name: 'Affidavit / oath',
    heading: 'Notarial certificate — affidavit (jurat)',
    hindiHeading: 'नोटरी प्रमाणपत्र — शपथपत्र (जुराट)',
    paragraphs: (input) => {
      const many = input.executants.length > 1;
      const deponent = many ? 'deponents' : 'deponent';
      const form =
        input.oath === 'sworn' ? 'Sworn' : input.oath === 'affirmed' ? 'Solemnly affirmed' : 'Sworn/affirmed';
      const how =
        input.oath === 'sworn'
          ? 'on oath'
          : input.oath === 'affirmed'
            ? 'on solemn affirmation'
            : 'on oath/affirmation';
      return [
        `${form} before me by the ${deponent} ${listNames(input.executants)}, who ${appeared(input.executants.length)}, and signed this affidavit in my presence.`,
        `The ${deponent} stated ${how} that the contents of this affidavit are true and correct to the best of ${many ? 'their' : 'the deponent’s'} knowledge and belief.`,
        given(input),
      ];
    },
  },
  true_copy: {
    name: 'True copy',
    heading: 'Notarial certificate — true copy',
    hindiHeading: 'नोटरी प्रमाणपत्र — सत्य प्रतिलिपि',
    paragraphs: (input) => [
      `Certified to be a true copy of the original produced before me by ${listNames(input.executants)} by live audio-video link, which I have examined and compared with this copy.`,
      'This certifies only that the copy agrees with the original; it does not certify the authenticity or contents of the original.',
      given(input),
    ],
  },
  translation: {
    name: 'Translation',
    heading: 'Notarial certificate — translation',
    hindiHeading: 'नोटरी प्रमाणपत्र — अनुवाद',
    paragraphs: (input) => {
      const languages = input.translation
        ? ` from ${input.translation.from} into ${input.translation.to}`
        : '';
      return [
        `Certified that this is a true translation${languages} of the document produced before me by ${listNames(input.executants)} by live audio-video link, verified by me to the best of my knowledge and belief.`,
        'This certifies the translation only; it does not certify the contents of the original.',
        given(input),
      ];
    },
  },
};

/** The heading and paragraphs of the certificate for `input.act`, the heading in the reader's language too. */
export function renderActWording(input: ActTemplateInput & { headingLanguage?: 'en' | 'hi' }): ActWording {
  const template = ACT_TEMPLATES[input.act];
  return {
    heading: input.headingLanguage === 'hi' ? [template.hindiHeading, template.heading] : [template.heading],
    paragraphs: template.paragraphs(input),
  };
}
