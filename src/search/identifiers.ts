/**
 * Readers paste names the way code writes them: `publishBulk`, `DAPR_HTTP_ENDPOINT`, `imagePullSecrets`,
 * `dapr.io/app-id`, `kafka@SASL`, `Grpc.Core.RpcException`. The index holds each as the page wrote it, lower-cased
 * and split only at spaces and hyphens, so the same name in prose ("bulk publish", "image pull secrets") or in another
 * casing is a different word to it. These functions give the other ways of writing what the reader typed, as word
 * lists the ranking looks up beside the reader's own words.
 */

/**
 * A word without what lunr's trimmer drops from indexed words (anything but word characters at either end), and
 * without a possessive ending: "PubSub's DeadLetter Topic" asks about pub/sub, and the pages write "pubsub", not
 * "pubsub's".
 */
export const trimWord = (word: string): string => word.replace(/^\W+|\W+$/g, '').replace(/(?<=\w)['’]s$/i, '');

/**
 * A release number ("1.12.0", "v1.17", "1.16.x"): readers paste the version they run, which says which release, not
 * which topic; the pages that name some version are no better an answer for naming that one. It is one word, not an
 * identifier's parts ("1", "12", "0" match every page with a number).
 */
const VERSION = /^v?\d+(\.\d+)+(\.x)?$/;

export const isVersion = (word: string): boolean => VERSION.test(trimWord(word.toLowerCase()));

/** A contraction ("didn't", "I'm", "we've") is one word of prose, not an identifier's parts ("didn", "t"). */
const CONTRACTION = /^\p{L}+['’](t|s|m|re|ve|ll|d)$/iu;

/**
 * The words inside one identifier, lower-cased: split at punctuation (`_ . / @ : = ( ) , " '` and the like) and at
 * case changes (`publishBulk` → publish, bulk; `HTTPEndpoint` → http, endpoint; `RpcException` → rpc, exception).
 * Digits stay with their word (`v1alpha1`, `http2`); a release number and a contraction stay whole. One word, or none, if there is
 * nothing to split.
 */
export function identifierParts(token: string): string[] {
  if (isVersion(token) || CONTRACTION.test(token)) return [token.toLowerCase()];
  return token
    .split(/[^\p{L}\p{N}]+/u)
    .flatMap((piece) => piece.split(/(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u))
    .filter((part) => part.length > 0)
    .map((part) => part.toLowerCase());
}

/** Another way of writing the reader's query, and the reader's words it rewrote. */
export interface QueryVariant {
  /** One word each, as the ranking takes them. */
  units: string[][];
  /** The reader's words (lower-cased) this variant writes differently. */
  rewritten: string[];
}

/**
 * The query written the other ways: every identifier of the input split into its words; and, where `isWord` says
 * the index knows it, two or three neighbouring words written as one (`pub sub` → pubsub, `app id` → appid, `image
 * pull secrets` → imagepullsecrets). The reader's own reading of the query is not among them.
 */
export function queryVariants(input: string, isWord: (word: string) => boolean = () => false): QueryVariant[] {
  const tokens = (input.match(/[^\s-]+/g) ?? []).map(trimWord).filter((token) => token.length > 0);
  const lower = tokens.map((token) => token.toLowerCase());
  const variants: QueryVariant[] = [];
  const split = tokens.flatMap(identifierParts);
  const splitTokens = tokens.filter((token) => identifierParts(token).join(' ') !== token.toLowerCase()).map((t) => t.toLowerCase());
  if (splitTokens.length > 0 && split.length > 0) variants.push({ units: split.map((w) => [w]), rewritten: splitTokens });
  const words = split.length > 0 ? split : lower;
  // Joined neighbours: the longest known run first (three words, then two), left to right.
  for (const size of [3, 2]) {
    const joined: string[] = [];
    const rewritten: string[] = [];
    for (let at = 0; at < words.length; ) {
      const run = words.slice(at, at + size);
      if (at + size <= words.length && isWord(run.join(''))) {
        joined.push(run.join(''));
        rewritten.push(...run);
        at += size;
      } else {
        joined.push(words[at]);
        at += 1;
      }
    }
    if (rewritten.length > 0) variants.push({ units: joined.map((w) => [w]), rewritten: [...new Set([...splitTokens, ...rewritten])] });
  }
  const seen = new Set([lower.join(' ')]);
  return variants.filter((variant) => {
    const key = variant.units.join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
