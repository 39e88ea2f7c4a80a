import { escapeHtml, markedHtml, markedOccurrences, snippetAround } from './highlight'

/** Where a hit matched, as HTML (escaped, the matched words in `<mark>`). */
export type SearchHighlight = {
  /** The field the words matched in best: the title, the description (excerpt) or the body. */
  field: 'title' | 'description' | 'body'
  /** The title, its matched words marked. */
  title: string
  /** A short fragment of the description and body around the matched words, or null. */
  snippet: string | null
}

const fields = ['title', 'description', 'body'] as const

/**
 * A hit's highlight from what the search statement returned: for a word match, the title and
 * fragment PostgreSQL marked (`ts_headline`); for a partial match, the occurrences of the query
 * in the title and description.
 */
export function presentHighlight(hit: {
  query: string
  isPartial: boolean
  field: number
  title: string | null
  snippet: string | null
  matchTitle: string | null
  matchDescription: string | null
}): SearchHighlight {
  if (!hit.isPartial) {
    return {
      field: fields[hit.field] ?? 'body',
      title: markedHtml(hit.title ?? ''),
      snippet: hit.snippet ? markedHtml(hit.snippet) : null,
    }
  }
  const title = hit.matchTitle ?? ''
  const description = hit.matchDescription ?? ''
  const markedTitle = markedOccurrences(title, hit.query)
  const snippet = snippetAround(description, hit.query)
  return {
    field: markedTitle === null && snippet !== null ? 'description' : 'title',
    title: markedTitle ?? escapeHtml(title),
    snippet: snippet ?? (hit.snippet ? markedHtml(hit.snippet) : null),
  }
}
