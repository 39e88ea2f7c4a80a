/**
 * How a search query is read: its words, the typos each may carry and the text-search query
 * (`to_tsquery`) they make. Pure rules; the SQL that uses them is in `searchCollections.ts`.
 */

/** Words a query is read as, at most: the rest is ignored. */
export const maxQueryWords = 10

/** The words of `query`: lower-case runs of letters and digits, in order, at most ten. */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, maxQueryWords)
}

/**
 * The typos a word may carry and still match (Meilisearch's defaults): none under 5 letters,
 * one from 5, two from 9. A typo is a letter added, left out, replaced, or two swapped.
 */
export function typoAllowance(word: string): number {
  const length = [...word].length
  return length >= 9 ? 2 : length >= 5 ? 1 : 0
}

/**
 * The typos between two words (optimal string alignment distance: insertions, deletions,
 * substitutions and swaps of neighbours), by letter, not by UTF-16 unit.
 */
export function typoDistance(a: string, b: string): number {
  const x = [...a]
  const y = [...b]
  const rows = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1)
      }
      rows[i]![j] = best
    }
  }
  return rows[x.length]![y.length]!
}

/**
 * The known words (`candidates`, from the word list of the locale) that `word` may be a typo
 * of: other words within its allowance, nearest first, at most `limit`.
 */
export function typoCorrections(word: string, candidates: readonly string[], limit = 5): string[] {
  const allowance = typoAllowance(word)
  if (allowance === 0) return []
  return candidates
    .filter((candidate) => candidate !== word && isPlainWord(candidate))
    .map((candidate) => ({ candidate, distance: typoDistance(word, candidate) }))
    .filter(({ distance }) => distance <= allowance)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, limit)
    .map(({ candidate }) => candidate)
}

/** Whether a word is letters and digits only, safe inside a `to_tsquery` text. */
export const isPlainWord = (word: string) => /^[\p{L}\p{N}]+$/u.test(word)

/** A query word and what else it is matched as. */
export type QueryTerm = {
  /** The word as typed (lower-case). */
  word: string
  /** Whether it is also matched as the start of a longer word (the last word: still being typed). */
  isPrefix: boolean
  /** Known words it may be a typo of. */
  corrections: string[]
  /**
   * The lexemes of the index a prefix term stands for (`findCorrections`), matched exactly
   * instead of as a prefix; undefined when it is matched as a prefix (`:*`).
   */
  prefixLexemes?: readonly string[]
}

/** Letters the last word needs to be matched as a prefix too: one letter begins too much. */
export const shortestPrefix = 2

/**
 * The terms of a query: every word, the last also as a prefix (from two letters), each with its
 * corrections.
 */
export function queryTerms(
  words: readonly string[],
  corrections: Map<string, string[]>,
  prefixLexemes?: readonly string[],
) {
  return words.map((word, index): QueryTerm => {
    const isPrefix = isPrefixAt(words, index)
    return {
      word,
      isPrefix,
      corrections: corrections.get(word) ?? [],
      ...(isPrefix && prefixLexemes ? { prefixLexemes } : {}),
    }
  })
}

/** Whether the word at `index` of `words` is also matched as a prefix: the last, from two letters. */
export const isPrefixAt = (words: readonly string[], index: number) =>
  index === words.length - 1 && [...words[index]!].length >= shortestPrefix

/**
 * How a term's text is read: by the locale's configuration (`stemmed`, word forms) or by
 * `simple` (`written`, stop words too). A prefix's known lexemes are read as written, exactly.
 */
export type TermReading = 'stemmed' | 'written'

/**
 * A term's exact match as `to_tsquery` text: the word (stemmed by the locale's configuration,
 * so that its forms match), and the last also as a prefix: `:*`, or when the word list named
 * the lexemes it stands for (`prefixLexemes`), those, in the `written` reading.
 */
export function exactText(term: QueryTerm, reading: TermReading) {
  if (!term.isPrefix) return term.word
  if (!term.prefixLexemes) return `(${term.word} | ${term.word}:*)`
  // The lexemes are the index's own (stems among them): read by `simple`, they stay as they
  // are; the locale's configuration reads the word itself, as for any word.
  if (reading === 'stemmed' || !term.prefixLexemes.length) return term.word
  return `(${[term.word, ...term.prefixLexemes].join(' | ')})`
}

/**
 * A term's `to_tsquery` text: its exact match or one of its corrections. Words are letters and
 * digits only (`queryWords`), so nothing in them is an operator. The search requires every
 * term's text to match (`&&`), each read both by the locale's configuration and by `simple`
 * (so that a stop word, such as `off`, is still a word that must be there).
 */
export const termText = (term: QueryTerm, reading: TermReading) =>
  [exactText(term, reading), ...term.corrections].join(' | ')

/** `exactText` read as written (`simple`). */
export const exactQueryText = (term: QueryTerm) => exactText(term, 'written')

/** `termText` read as written (`simple`). */
export const termQueryText = (term: QueryTerm) => termText(term, 'written')
