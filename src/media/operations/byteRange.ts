import type { ByteRange } from '../storage/storedFile'

/**
 * What a `Range` header asks of a file of `size` bytes (RFC 9110, section 14): one range, the
 * whole file (no header, one the server may ignore: several ranges, another unit, bad syntax,
 * or an `If-Range` that no longer matches `entityTag`), or nothing it has (416).
 */
export function requestedRange(
  headers: { get(name: string): string | null },
  size: number,
  entityTag: string,
): ByteRange | 'whole' | 'unsatisfiable' {
  const header = headers.get('range')
  if (!header) return 'whole'
  // A validator other than the current strong tag (a date, or an old tag): the file may have
  // changed, so the whole of it.
  const ifRange = headers.get('if-range')
  if (ifRange !== null && ifRange.trim() !== entityTag) return 'whole'
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  if (!match || (match[1] === '' && match[2] === '')) return 'whole'
  const [, first, last] = match as unknown as [string, string, string]
  if (first === '') {
    // The last `last` bytes.
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (last !== '' && Number(last) < start) return 'whole'
  if (start >= size) return 'unsatisfiable'
  return { start, end }
}
