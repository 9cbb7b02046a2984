import { z } from 'zod/mini';

/** Onboarding and verification (issue 4): draft → pending → verified | rejected; verified ⇄ suspended. */
export const NOTARY_STATUSES = ['draft', 'pending', 'verified', 'rejected', 'suspended'] as const;
export const notaryStatus = z.enum(NOTARY_STATUSES);
export type NotaryStatus = z.infer<typeof notaryStatus>;

/** Notaries Act 1952 §3: the Central Government or a State Government appoints; UTs are listed by name. */
export const APPOINTING_GOVERNMENTS = [
  'Central Government',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;
export const appointingGovernment = z.enum(APPOINTING_GOVERNMENTS, {
  message: 'Choose the appointing government',
});

/** English and the 22 languages of the Eighth Schedule. */
export const NOTARY_LANGUAGES = [
  'English',
  'Hindi',
  'Assamese',
  'Bengali',
  'Bodo',
  'Dogri',
  'Gujarati',
  'Kannada',
  'Kashmiri',
  'Konkani',
  'Maithili',
  'Malayalam',
  'Manipuri',
  'Marathi',
  'Nepali',
  'Odia',
  'Punjabi',
  'Sanskrit',
  'Santali',
  'Sindhi',
  'Tamil',
  'Telugu',
  'Urdu',
] as const;
export const notaryLanguage = z.enum(NOTARY_LANGUAGES, { message: 'Choose a language from the list' });

const text = (label: string, max: number) =>
  z
    .string({ message: `Enter ${label}` })
    .check(z.trim(), z.minLength(2, `Enter ${label}`), z.maxLength(max, `${label} is too long`));

export const registrationNumberField = z
  .string({ message: 'Enter your registration number' })
  .check(
    z.trim(),
    z.toUpperCase(),
    z.regex(
      /^[A-Z0-9][A-Z0-9/.\- ]{2,39}$/,
      'Enter the registration number as on your certificate of practice',
    ),
  );

const isoDate = z.string({ message: 'Enter a date' }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date'),
  z.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Enter a real date'),
);

/** Onboarding details; every field optional so the stepper can save and resume. */
export const notaryDetailsRequest = z.strictObject({
  fullName: z.optional(text('your full name as on the certificate', 120)),
  registrationNumber: z.optional(registrationNumberField),
  appointingGovernment: z.optional(appointingGovernment),
  areaOfPractice: z.optional(text('your area of practice', 120)),
  commissionExpiresOn: z.optional(isoDate),
  officeAddress: z.optional(text('your office address', 400)),
  languages: z.optional(
    z.array(notaryLanguage).check(z.minLength(1, 'Choose at least one language'), z.maxLength(10)),
  ),
});
export type NotaryDetailsRequest = z.input<typeof notaryDetailsRequest>;

export const NOTARY_DOCUMENT_KINDS = ['certificate', 'photo', 'signature', 'seal'] as const;
export const notaryDocumentKind = z.enum(NOTARY_DOCUMENT_KINDS);
export type NotaryDocumentKind = z.infer<typeof notaryDocumentKind>;

const storedDocument = z.nullable(
  z.object({ contentType: z.string(), size: z.number(), uploadedAt: z.string() }),
);

export const workingHours = z
  .object({
    from: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM')),
    to: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM')),
  })
  .check(z.refine((v) => v.from < v.to, { message: 'The end must be after the start', path: ['to'] }));
export type WorkingHours = z.infer<typeof workingHours>;

export const availabilityRequest = z.strictObject({
  isOnline: z.boolean(),
  workingHours: z.optional(workingHours),
});
export type AvailabilityRequest = z.input<typeof availabilityRequest>;

/** What the notary (and admins) see of an application to practise on Mohar. */
export const notaryProfile = z.object({
  _id: z.string(),
  email: z.string(),
  status: notaryStatus,
  statusReason: z.nullable(z.string()),
  fullName: z.nullable(z.string()),
  registrationNumber: z.nullable(z.string()),
  appointingGovernment: z.nullable(z.string()),
  areaOfPractice: z.nullable(z.string()),
  commissionExpiresOn: z.nullable(z.string()),
  officeAddress: z.nullable(z.string()),
  languages: z.array(z.string()),
  documents: z.object({
    certificate: storedDocument,
    photo: storedDocument,
    signature: storedDocument,
    seal: storedDocument,
  }),
  signingCertificate: z.nullable(
    z.object({
      subjectCommonName: z.string(),
      notAfter: z.string(),
      isPlatformIssued: z.boolean(),
      fingerprintSha256: z.string(),
    }),
  ),
  /** The layout of the generated seal, when one was generated. */
  sealLayout: z.nullable(
    z.object({
      sizeMm: z.number(),
      colour: z.string(),
      outerText: z.enum(['name', 'name_and_area']),
      showExpiry: z.boolean(),
    }),
  ),
  isOnline: z.boolean(),
  workingHours: workingHours,
  /** Steps still missing before the application can be submitted (empty when complete). */
  missing: z.array(z.string()),
  /** Verified, not suspended, commission in force: may take work. */
  canTakeWork: z.boolean(),
  submittedAt: z.nullable(z.string()),
  verifiedAt: z.nullable(z.string()),
});
export type NotaryProfile = z.infer<typeof notaryProfile>;
export const notaryProfileResponse = z.object({ notary: notaryProfile });

export const notaryDecisionRequest = z.strictObject({
  reason: z
    .string({ message: 'Give a reason' })
    .check(z.trim(), z.minLength(5, 'Give a reason the notary can act on'), z.maxLength(1000)),
});

/** The public directory card (spec: notary list state `notaries, totalPages, page`). */
export const directoryNotary = z.object({
  _id: z.string(),
  fullName: z.string(),
  registrationNumber: z.string(),
  appointingGovernment: z.string(),
  areaOfPractice: z.string(),
  languages: z.array(z.string()),
  photoUrl: z.nullable(z.string()),
  isOnlineNow: z.boolean(),
  commissionExpiresOn: z.string(),
});
export type DirectoryNotary = z.infer<typeof directoryNotary>;

export const pageQuery = {
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
  pageSize: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50))),
};

export const directoryQuery = z.strictObject({
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  appointingGovernment: z.optional(appointingGovernment),
  language: z.optional(notaryLanguage),
  onlineOnly: z.optional(z.enum(['true', 'false'])),
  ...pageQuery,
});
export const directoryResponse = z.object({
  notaries: z.array(directoryNotary),
  totalPages: z.number(),
  page: z.number(),
});
export type DirectoryResponse = z.infer<typeof directoryResponse>;

export const verifyRegistrationResponse = z.object({
  registrationNumber: z.string(),
  /** null: no notary with that number is verified on Mohar (it may still be a real notary elsewhere). */
  notary: z.nullable(directoryNotary),
});

export const adminNotariesQuery = z.strictObject({
  status: z.optional(notaryStatus),
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  ...pageQuery,
});
export const adminNotariesResponse = z.object({
  notaries: z.array(notaryProfile),
  totalPages: z.number(),
  page: z.number(),
});

/** One row of the notarial register (Notaries Rules 1956, Form XV), plus Mohar's evidence columns. */
export const registerEntry = z.object({
  _id: z.string(),
  serial: z.number(),
  actDate: z.string(),
  notarialAct: z.string(),
  executantName: z.string(),
  executantAddress: z.string(),
  documentDescription: z.string(),
  feeStamp: z.nullable(z.string()),
  prescribedFeePaise: z.number(),
  feeChargedPaise: z.number(),
  receiptSerial: z.string(),
  executantSignatureRef: z.nullable(z.string()),
  notarySignatureRef: z.nullable(z.string()),
  applicationId: z.nullable(z.string()),
  recordingSha256: z.nullable(z.string()),
  documentSha256Before: z.nullable(z.string()),
  documentSha256After: z.nullable(z.string()),
});
export type RegisterEntry = z.infer<typeof registerEntry>;

/**
 * Form XV column 4, "name and full address of executant", as one text. Several executants are stored as "A; B" with
 * the addresses as "A: address; B: address": that second form already names everyone, so it is the text.
 */
export function registerExecutantText(
  entry: Pick<RegisterEntry, 'executantName' | 'executantAddress'>,
): string {
  const [first, ...others] = entry.executantName.split('; ');
  if (others.length > 0 && entry.executantAddress.startsWith(`${first}: `)) return entry.executantAddress;
  return `${entry.executantName}, ${entry.executantAddress}`;
}

export const registerQuery = z.strictObject({
  from: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD'))),
  to: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD'))),
  ...pageQuery,
});
export const registerResponse = z.object({
  entries: z.array(registerEntry),
  totalPages: z.number(),
  page: z.number(),
});

/** How the generated seal is drawn (the server renders it; see the seal module). */
export const sealLayoutRequest = z.strictObject({
  sizeMm: z.optional(z.number().check(z.minimum(20), z.maximum(100))),
  colour: z.optional(z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1d2a8a'))),
  outerText: z.optional(z.enum(['name', 'name_and_area'])),
  showExpiry: z.optional(z.boolean()),
});
export type SealLayoutRequest = z.input<typeof sealLayoutRequest>;
export const sealPreviewResponse = z.object({ svg: z.string() });
