/**
 * GSTIN (Goods and Services Tax Identification Number): 15 characters — the state code (2 digits), the holder's PAN
 * (5 letters, 4 digits, 1 letter), the entity number within the state (1–9 or A–Z), 'Z' by default, and a check
 * character computed mod 36 over the first 14 (alternating weights 1 and 2; each product adds its quotient and
 * remainder by 36). No zod here, so forms and the server share it cheaply.
 */

/** GST state codes (the GSTIN's first two digits) and their names, as the GST Network lists them. */
export const GST_STATES = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
} as const;
export type GstStateCode = keyof typeof GST_STATES;
export const GST_STATE_CODES = Object.keys(GST_STATES) as GstStateCode[];

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first 14 characters (upper case, from ALPHABET). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = ALPHABET.indexOf(first14.charAt(i));
    if (value < 0) throw new Error('not a GSTIN character');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET.charAt((36 - (sum % 36)) % 36);
}

export type GstinProblem = 'format' | 'state' | 'checksum';

/** Why a GSTIN (already trimmed and upper-cased) is not valid, or null when it is. */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (!GSTIN_SHAPE.test(gstin)) return 'format';
  if (!(gstin.slice(0, 2) in GST_STATES)) return 'state';
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin.charAt(14) ? null : 'checksum';
}

export const isValidGstin = (gstin: string) => gstinProblem(gstin) === null;
