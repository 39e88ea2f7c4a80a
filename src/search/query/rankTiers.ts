import type { QueryTerm } from './queryWords'

/** Where a tier looks for the words: the title, the title and description, or all the text. */
export type TierVector = 'title_vector' | 'head_vector' | 'vector'

/**
 * One step of the ranking: the documents a tier finds rank below those of every earlier tier,
 * and newest first among themselves.
 */
export type RankTier =
  | {
      kind: 'words'
      /** The search entries' vector matched. */
      vector: TierVector
      /** The words as an exact phrase, every word exactly (or as the last word's prefix), or with typos. */
      match: 'phrase' | 'exact' | 'typos'
      /** 0 title, 1 description, 2 body: where the words matched best. */
      field: 0 | 1 | 2
    }
  | { kind: 'partial' }

const fields: [0 | 1 | 2, TierVector][] = [
  [0, 'title_vector'],
  [1, 'head_vector'],
  [2, 'vector'],
]

/**
 * The ranking rules (docs/search.md) as the tiers a search walks until its page is full: every
 * word must match; fewer typos first (a typo never above an exact match); then the field
 * (title, description, body); then the exact phrase above the words apart; then newest. A
 * partial match of the whole query (no word matched) comes last.
 */
export function rankTiers(terms: readonly QueryTerm[]): RankTier[] {
  if (!terms.length) return [{ kind: 'partial' }]
  const isPhrase = terms.length > 1
  const hasTypos = terms.some((term) => term.corrections.length > 0)
  const tiers: RankTier[] = []
  for (const [field, vector] of fields) {
    if (isPhrase) tiers.push({ kind: 'words', vector, match: 'phrase', field })
    tiers.push({ kind: 'words', vector, match: 'exact', field })
  }
  if (hasTypos) {
    for (const [field, vector] of fields)
      tiers.push({ kind: 'words', vector, match: 'typos', field })
  }
  tiers.push({ kind: 'partial' })
  return tiers
}
