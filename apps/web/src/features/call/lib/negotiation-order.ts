/**
 * Who starts (offers) each connection of the call when someone (re)joins. The joiner offers to everyone already
 * there, except that the notary never offers to a signatory: a signatory offers to the notary whoever came second.
 *
 * Why: the notary's page is the call's busiest (every camera decoded and shown, the recording drawn, encoded and
 * uploaded, the identity checks' images), and when it joins it does so exactly as the call's screen mounts. An offer
 * costs its maker two steps on its page (make the offer, then apply the answer); an answer costs one. With the
 * signatories offering, the notary's page takes one step per connection in that busy moment instead of two, and
 * the waiting signatories start the moment they hear the notary came in (decision 0027).
 *
 * The notary is the call's only `user:` participant (the server admits a user only as the assigned notary).
 */
export const isNotaryParticipant = (participant: string): boolean => participant.startsWith('user:');

/** Whether `self` starts the connection to `other`; `selfJoined`: `self` is the one who just (re)joined. */
export function offersTo(self: string, other: string, selfJoined: boolean): boolean {
  const selfIsNotary = isNotaryParticipant(self);
  if (selfIsNotary !== isNotaryParticipant(other)) return !selfIsNotary;
  return selfJoined;
}
