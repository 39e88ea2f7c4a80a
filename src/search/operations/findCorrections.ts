import type { Pool } from 'pg'

import { searchWordsTable } from '../schema/searchTables'
import { typoAllowance, typoCorrections } from '../query/queryWords'

/** Known words looked at per query word, nearest by trigrams first, before counting typos. */
const candidatesPerWord = 30

/**
 * The known words of `locale` each query word may be a typo of (`typoCorrections`), for the
 * words long enough to carry one: the nearest words of the word list by trigram distance (a
 * GiST index scan), then their typos counted exactly. One query; none when no word may carry
 * a typo.
 */
export async function findCorrections(args: {
  pool: Pool
  words: readonly string[]
  locale: string
}): Promise<Map<string, string[]>> {
  const words = [...new Set(args.words.filter((word) => typoAllowance(word) > 0))]
  if (!words.length) return new Map()
  const { rows } = await args.pool.query<{ word: string; candidates: string[] }>(
    `SELECT q.word, ARRAY(SELECT w.word FROM ${searchWordsTable} w WHERE w.locale = $2
       ORDER BY w.word <-> q.word LIMIT ${candidatesPerWord}) AS candidates
     FROM unnest($1::text[]) AS q(word)`,
    [words, args.locale],
  )
  return new Map(rows.map((row) => [row.word, typoCorrections(row.word, row.candidates)]))
}
