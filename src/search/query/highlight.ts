/**
 * Highlights of a hit: the words matched are marked with `<mark>` in HTML-escaped text. The
 * database marks them with two private-use characters (`highlightStart`, `highlightStop`), which
 * survive the escaping and are then turned into the tags.
 */

/** Where a marked stretch begins, in text the database highlighted. */
export const highlightStart = '\uE000'
/** Where it ends. */
export const highlightStop = '\uE001'

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** `text` safe inside HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!)

/** Text with the database's marks as HTML: escaped, each marked stretch in `<mark>`. */
export function markedHtml(text: string): string {
  let isOpen = false
  let html = ''
  for (const part of text.split(/([\uE000\uE001])/)) {
    if (part === highlightStart) {
      if (!isOpen) html += '<mark>'
      isOpen = true
    } else if (part === highlightStop) {
      if (isOpen) html += '</mark>'
      isOpen = false
    } else html += escapeHtml(part)
  }
  return isOpen ? `${html}</mark>` : html
}

/**
 * `text` as HTML with every case-insensitive occurrence of `part` marked (a partial match, where
 * no word matched), or null when it has none.
 */
export function markedOccurrences(text: string, part: string): string | null {
  const needle = part.toLowerCase()
  const haystack = text.toLowerCase()
  if (!needle || haystack.length !== text.length) {
    // A text whose length changes in lower case (rare letters) is shown unmarked.
    return haystack.includes(needle) ? escapeHtml(text) : null
  }
  let html = ''
  let from = 0
  let at = haystack.indexOf(needle)
  if (at < 0) return null
  while (at >= 0) {
    html += `${escapeHtml(text.slice(from, at))}<mark>${escapeHtml(text.slice(at, at + needle.length))}</mark>`
    from = at + needle.length
    at = haystack.indexOf(needle, from)
  }
  return html + escapeHtml(text.slice(from))
}

/** Characters of text shown around a partial match in a snippet, on each side. */
const snippetReach = 60

/**
 * A short stretch of `text` around the first occurrence of `part`, marked as
 * `markedOccurrences` marks it, with `…` where text was cut; null when `part` is not in it.
 */
export function snippetAround(text: string, part: string): string | null {
  const at = text.toLowerCase().indexOf(part.toLowerCase())
  if (at < 0 || !part) return null
  const start = Math.max(0, at - snippetReach)
  const end = Math.min(text.length, at + part.length + snippetReach)
  const marked = markedOccurrences(text.slice(start, end), part)
  return marked === null ? null : `${start > 0 ? '…' : ''}${marked}${end < text.length ? '…' : ''}`
}
