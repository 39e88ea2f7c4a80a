import type { Pool } from 'pg'

import { searchWordsTable } from '../schema/searchTables'
import { isPlainWord, typoAllowance, typoCorrections } from '../query/queryWords'

/** Known words looked at per query word, nearest by trigrams first, before counting typos. */
const candidatesPerWord = 30

/**
 * Words of the index a prefix may stand for, at most: more, and the prefix is matched as one
 * (`:*`, a bitmap of every entry it begins a word of).
 */
export const prefixWordsAtMost = 32

/**
 * The configurations whose stems begin as their words do (modulo `ё` read as `е` by
 * `russian`), so that the words a stem prefix stands for are found by their first letters: a
 * stemmer that strips accents or umlauts (`german`, `french`, `spanish`) makes stems that
 * begin otherwise, and a prefix there stays a prefix.
 */
const prefixPreservingConfigs = new Set(['english', 'russian', 'simple'])

/** Letters a prefix (and its stem) needs to be expanded: shorter words are not in the word list. */
const shortestExpandedPrefix = 3

/** What the word list says of a query's words. */
export type KnownWords = {
  /** The known words each word may be a typo of (`typoCorrections`). */
  corrections: Map<string, string[]>
  /**
   * The lexemes of the index the last word, as a prefix, stands for (`prefixWords`), or
   * undefined when it stays a prefix (`:*`).
   */
  prefixLexemes?: string[]
}

/**
 * The word list's answers for a query, in one statement (none when nothing is asked):
 * - the known words of `locale` each query word may be a typo of, for the words long enough to
 *   carry one: the nearest words of the word list by trigram distance (a GiST index scan), then
 *   their typos counted exactly;
 * - the lexemes `prefix` (the last word, matched as a prefix while typed) stands for: every
 *   lexeme of the index that begins with it or with its stem. A prefix in a GIN index is a
 *   partial match that gathers every entry of every word it begins into a bitmap before any
 *   other word narrows it ("kettl:*": 9,136 entries, most of "copper kettle"'s time, measured);
 *   its words looked up exactly are read as any other word.
 *
 * Why the word list holds every such lexeme (`refreshSearchEntries` lists every word of the
 * indexed text of 4 letters or more, as written): a lexeme beginning with the prefix `P` or its
 * stem `S` is a word as written (beginning so, listed when 4 letters or more) or the stem of
 * one, and in a prefix-preserving configuration a stem longer than `S` that begins with it
 * comes from a word that begins with `S` (its letters up to the last are the word's). What is
 * shorter than 4 letters and begins with `P` or `S` (3 letters or more) is `P` or `S` itself,
 * which the query matches exactly anyway. So the expansion is used only when `P` and `S` have 3
 * letters or more, the configuration is prefix-preserving, every lexeme is letters and digits
 * (a hyphenated word's lexeme would be read as a phrase), and there are `prefixWordsAtMost` or
 * fewer.
 */
export async function findCorrections(args: {
  pool: Pool
  words: readonly string[]
  locale: string
  /** The text search configuration of the locale (`textSearchConfig`). */
  config: string
  /** The last word, when it is matched as a prefix. */
  prefix?: string
}): Promise<KnownWords> {
  const words = [...new Set(args.words.filter((word) => typoAllowance(word) > 0))]
  const prefix =
    args.prefix !== undefined &&
    [...args.prefix].length >= shortestExpandedPrefix &&
    prefixPreservingConfigs.has(args.config)
      ? args.prefix
      : undefined
  if (!words.length && prefix === undefined) return { corrections: new Map() }
  // The stem's `е` may stand for a word's `ё` (`russian` reads `ёлки` as `елк`): `_` in the
  // pattern, the lexemes themselves then checked exactly.
  const { rows } = await args.pool.query<{
    candidates: Record<string, string[]> | null
    stems: string[] | null
    lexemes: string[] | null
  }>(
    `WITH stem AS MATERIALIZED (
       SELECT array_agg(s.lexeme) AS lexemes FROM unnest(to_tsvector($4::regconfig, $3::text)) AS s),
     listed AS MATERIALIZED (
       SELECT w.word FROM ${searchWordsTable} w WHERE $3::text IS NOT NULL AND w.locale = $2
         AND (w.word LIKE $3::text || '%'
           OR w.word LIKE (SELECT replace(lexemes[1], 'е', '_') || '%' FROM stem))
       LIMIT ${4 * prefixWordsAtMost}),
     lexemes AS (
       SELECT l.word AS lexeme FROM listed l
       UNION SELECT t.lexeme FROM listed l CROSS JOIN LATERAL unnest(to_tsvector($4::regconfig, l.word)) AS t)
     SELECT
       (SELECT json_object_agg(q.word, ARRAY(SELECT w.word FROM ${searchWordsTable} w
          WHERE w.locale = $2 ORDER BY w.word <-> q.word LIMIT ${candidatesPerWord}))
        FROM unnest($1::text[]) AS q(word)) AS candidates,
       (SELECT lexemes FROM stem) AS stems,
       (SELECT array_agg(x.lexeme ORDER BY x.lexeme) FROM lexemes x
        WHERE starts_with(x.lexeme, $3::text)
          OR starts_with(x.lexeme, coalesce((SELECT lexemes[1] FROM stem), $3::text))) AS lexemes,
       (SELECT count(*) FROM listed)::integer AS listed`,
    [words, args.locale, prefix ?? null, args.config],
  )
  const row = rows[0]! as (typeof rows)[0] & { listed: number }
  const corrections = new Map(
    Object.entries(row.candidates ?? {}).map(([word, candidates]) => [
      word,
      typoCorrections(word, candidates),
    ]),
  )
  if (prefix === undefined) return { corrections }
  const stems = row.stems ?? []
  const lexemes = row.lexemes ?? []
  const isExpanded =
    stems.length <= 1 &&
    stems.every((stem) => [...stem].length >= shortestExpandedPrefix) &&
    row.listed < 4 * prefixWordsAtMost &&
    lexemes.length <= prefixWordsAtMost &&
    lexemes.every(isPlainWord)
  return isExpanded ? { corrections, prefixLexemes: lexemes } : { corrections }
}
