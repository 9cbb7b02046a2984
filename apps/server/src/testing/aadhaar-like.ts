const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Hashes, tokens and keys: long runs of letters and digits (with at least one letter), never an Aadhaar number. */
const TOKEN = /[A-Za-z0-9_-]{16,}/g;
const hasLetter = /[A-Za-z]/;
/**
 * 12 digits, as an Aadhaar number is written: run together, or in groups of 4 split by a space or a hyphen. A mobile
 * number with its country code (+91 and 10 digits) is 12 digits too, but starts with a plus; the fraction of a
 * decimal number (a log line's `"responseTime":51.102512999998`) follows a point.
 */
const AADHAAR_LIKE = /(?<![\d+.])\d{4}[\s-]?\d{4}[\s-]?\d{4}(?!\d)/g;

/**
 * Aadhaar-like numbers in a response, log line or e-mail. Record ids are UUIDs, whose hex groups are all digits now
 * and then (1234-5678-9012, or a 12-digit last group), and SHA-256 hex or random tokens hold runs of 12 digits as
 * often: they are taken out first, or the check would fail at random.
 */
export function aadhaarLikeNumbersIn(text: string): string[] {
  return (
    text
      .replace(UUID, '<uuid>')
      .replace(TOKEN, (token) => (hasLetter.test(token) ? '<token>' : token))
      .match(AADHAAR_LIKE) ?? []
  );
}
