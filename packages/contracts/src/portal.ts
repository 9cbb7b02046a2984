import { z } from 'zod/mini';
import { applicationStatus, documentType, SIGNATORY_PROGRESS, signatoryAct } from './applications.ts';
import { languageCode } from './auth.ts';
import { recordId } from './common.ts';

/**
 * The signatory portal (`/access-application/{token}`, issue 7): what a signatory sees through their personal link.
 * Other signatories appear by first name and progress only.
 */
export const signatoryProgress = z.enum(SIGNATORY_PROGRESS);

export const portalAccessResponse = z.object({
  application: z.object({
    title: z.string(),
    status: applicationStatus,
    documentType: z.nullable(documentType),
    /** The chosen notary's name, or null for "first available". */
    notaryName: z.nullable(z.string()),
    /** While a notary is sought: when the request lapses if nobody accepts. */
    notaryRequestExpiresAt: z.optional(z.nullable(z.string())),
    /** The booked session's time (ISO; shown in IST), when the owner booked one; its calendar file is on the portal. */
    booking: z.optional(z.nullable(z.object({ startsAt: z.string(), endsAt: z.string() }))),
  }),
  /** Positions count from 1, in the owner's order (the signing order later). */
  signatory: z.object({
    _id: z.string(),
    fullName: z.string(),
    email: z.string(),
    position: z.int(),
    progress: signatoryProgress,
    /** The postal address the signatory gave (the notarial register prints it); null until given. */
    address: z.optional(z.nullable(z.string())),
    act: signatoryAct,
    /** The language this signatory chose in the portal (any of their links); null until they choose. */
    language: z.optional(z.nullable(languageCode)),
  }),
  signatories: z.array(
    z.object({
      firstName: z.string(),
      position: z.int(),
      progress: signatoryProgress,
      act: signatoryAct,
      isYou: z.boolean(),
    }),
  ),
  /** When this link stops working (ISO), unless the application ends first. */
  linkExpiresAt: z.string(),
});
export type PortalAccess = z.infer<typeof portalAccessResponse>;

/** PUT /access/:token/language: the answer to a signatory's language choice. */
export const signatoryLanguageResponse = z.object({ language: languageCode });
export type SignatoryLanguageResponse = z.infer<typeof signatoryLanguageResponse>;

export const portalTokenParams = z.strictObject({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/)),
});

/** Malformed ids answer 404 like any application the caller cannot see (see recordId). */
export const resendInvitationParams = z.strictObject({ id: recordId, signatoryId: recordId });
export const resendInvitationResponse = z.object({ message: z.string(), linkExpiresAt: z.string() });
/** POST /applications/:id/signatories/:signatoryId/reminder: reminded now; every link the signatory has still works. */
export const signatoryReminderResponse = z.object({ message: z.string() });

/** POST /access/:token/email-code: a new 6-digit code is on its way. */
export const emailCodeSentResponse = z.object({
  message: z.string(),
  /** When the code stops working (ISO). */
  expiresAt: z.string(),
  /** How long to wait before asking for another. */
  resendAfterSeconds: z.int(),
});

export const emailCodeVerifyRequest = z.strictObject({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail')),
});

export const SIGNATORY_ADDRESS_MAX = 300;

/** PUT /access/:token/address: the signatory's postal address, one line or several (joined with commas). */
export const signatoryAddressRequest = z.strictObject({
  address: z.string().check(
    z.trim(),
    z.minLength(10, 'Enter your full address, with the PIN code'),
    z.maxLength(SIGNATORY_ADDRESS_MAX, `Keep the address under ${SIGNATORY_ADDRESS_MAX} characters`),
    z.refine(
      // Control characters (NUL and the like), except tabs and line breaks (the server makes those one line).
      (value) => !/[^\P{Cc}\t\r\n]/u.test(value),
      'The address has characters that cannot be printed',
    ),
  ),
});
export const signatoryAddressResponse = z.object({ message: z.string(), address: z.string() });

/** The signatory's progress after a step. */
export const portalStepResponse = z.object({ message: z.string(), progress: signatoryProgress });

/**
 * What a signatory agrees to before any identity image is taken. The server records the version, time, address and
 * browser with the decision; a changed text gets a new version, and an old page's consent is refused.
 */
export const CONSENT = {
  version: '2026-11-22',
  title: 'Your consent to identity verification',
  points: [
    'We collect photos of the front and back of your Aadhaar card and a selfie. A masked Aadhaar (only the last 4 digits showing) is enough, and best.',
    'Why: the notary must be sure of who signs, as the Notaries Act requires. We read the Secure QR printed on the card to check that UIDAI issued it, and compare its name and date of birth with what the applicant entered.',
    'We never store your full Aadhaar number: only its last 4 digits.',
    'Who sees the images: you, the notary who conducts your session (during the session), and Mohar staff who must state a reason, which is logged. The person who added you does not see them.',
    'The images and the selfie are deleted 90 days after you take them. We keep a record that they existed and the result of the check.',
    'You may decline. The person who added you will be told, and the notary can instead check another government photo ID in the video call.',
  ],
} as const;

/**
 * The consent in Hindi, for reading: the English above is the text agreed to and governs (as on the legal pages, the
 * screen says so). One translation per version: a changed English text needs a changed translation, and the
 * points line up one to one (the type holds as many as the English has).
 */
type Translated<T extends readonly string[]> = { readonly [K in keyof T]: string };
export const CONSENT_TRANSLATIONS: Record<
  'hi',
  { version: typeof CONSENT.version; title: string; points: Translated<typeof CONSENT.points> }
> = {
  hi: {
    version: '2026-11-22',
    title: 'पहचान की जाँच के लिए आपकी सहमति',
    points: [
      'हम आपके आधार कार्ड के आगे और पीछे की तस्वीरें और एक सेल्फ़ी लेते हैं। मास्क किया हुआ आधार (जिसमें केवल आख़िरी 4 अंक दिखें) काफ़ी है, और सबसे अच्छा है।',
      'क्यों: नोटरी अधिनियम के अनुसार नोटरी को पक्का पता होना चाहिए कि हस्ताक्षर कौन कर रहा है। हम कार्ड पर छपा Secure QR पढ़कर जाँचते हैं कि इसे UIDAI ने जारी किया है, और उसके नाम और जन्मतिथि का मिलान आवेदक की दर्ज की गई जानकारी से करते हैं।',
      'हम आपका पूरा आधार नंबर कभी नहीं रखते: केवल उसके आख़िरी 4 अंक।',
      'तस्वीरें कौन देखता है: आप, आपका सत्र करने वाले नोटरी (सत्र के दौरान), और Mohar के कर्मचारी, जिन्हें इसका कारण बताना होता है और वह दर्ज किया जाता है। जिस व्यक्ति ने आपको जोड़ा है, वह इन्हें नहीं देखता।',
      'तस्वीरें और सेल्फ़ी लेने के 90 दिन बाद मिटा दी जाती हैं। हम यह रिकॉर्ड रखते हैं कि वे थीं, और जाँच का नतीजा क्या रहा।',
      'आप मना कर सकते हैं। जिस व्यक्ति ने आपको जोड़ा है, उसे बताया जाएगा, और इसके बजाय नोटरी वीडियो कॉल में आपका कोई दूसरा सरकारी फ़ोटो पहचान पत्र जाँच सकते हैं।',
    ],
  },
};

export const consentRequest = z.strictObject({
  decision: z.enum(['accept', 'decline']),
  /** The CONSENT.version the signatory read. */
  textVersion: z.string().check(z.maxLength(40)),
  reason: z.optional(z.string().check(z.trim(), z.maxLength(500, 'Keep the reason under 500 characters'))),
});
export type ConsentRequest = z.input<typeof consentRequest>;
