/**
 * Reading a certificate's distinguished name as the server reports it: Node's attribute lines joined with ", "
 * ("C=IN, O=Mohar, CN=Asha Verma"). RFC 4514 strings ("CN=Asha Verma,O=Mohar") and escaped commas ("\,") read too.
 */

/** A comma that starts the next attribute (`, O=`, `,2.5.4.3=`), not one inside a value. */
const ATTRIBUTE_BREAK = /(?<!\\),\s*(?=(?:[A-Za-z][A-Za-z0-9-]*|\d+(?:\.\d+)+)\s*=)/;

const COMMON_NAME_KEYS = ['cn', 'commonname', '2.5.4.3'];
const ORGANISATION_KEYS = ['o', 'organizationname', '2.5.4.10'];

const readValue = (value: string) => {
  const trimmed = value.trim();
  const unquoted =
    trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
  return unquoted.replace(/\\(.)/g, '$1').trim();
};

/** The name's attributes in order, keys lower-cased: [['c', 'IN'], ['o', 'Mohar'], ['cn', 'Asha Verma']]. */
export function attributesOf(distinguishedName: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const part of distinguishedName.split(ATTRIBUTE_BREAK)) {
    const equals = part.indexOf('=');
    if (equals <= 0) continue;
    const value = readValue(part.slice(equals + 1));
    if (value !== '') out.push([part.slice(0, equals).trim().toLowerCase(), value]);
  }
  return out;
}

const firstOf = (distinguishedName: string, keys: readonly string[]) =>
  attributesOf(distinguishedName).find(([key]) => keys.includes(key))?.[1] ?? null;

/** The common name (CN): who a certificate names, or null when it names nobody that way. */
export const commonNameOf = (distinguishedName: string) => firstOf(distinguishedName, COMMON_NAME_KEYS);

/** What to call a signer or an issuer: the common name, else the organisation, else the name as given. */
export function displayNameOf(distinguishedName: string): string {
  return (
    commonNameOf(distinguishedName) ??
    firstOf(distinguishedName, ORGANISATION_KEYS) ??
    distinguishedName.trim()
  );
}
