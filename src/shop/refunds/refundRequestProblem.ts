import { formatMinorUnits } from '../money'

/**
 * Roubles as an administrator types them (`250`, `12.50`, `12,50`, `3,160.00`, `3 160`) in
 * kopecks; undefined when empty, NaN when not an amount.
 */
export function typedKopecks(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0]/g, '').replace(/RUB$/i, '')
  if (!compact) return undefined
  const decimal = compact.includes('.') ? compact.replace(/,/g, '') : compact.replace(',', '.')
  return /^\d{1,9}(\.\d{1,2})?$/.test(decimal) ? Math.round(Number(decimal) * 100) : Number.NaN
}

/**
 * What is wrong with a refund of `typed` roubles (empty: all that is left) of an order with
 * `left` kopecks left to refund, in the words shown beside the Refund box; null when nothing is.
 */
export function refundRequestProblem(args: { typed: string; left: number }): string | null {
  const { left } = args
  if (left <= 0) return 'Nothing is left to refund'
  const kopecks = typedKopecks(args.typed)
  if (kopecks === undefined) return null
  if (Number.isNaN(kopecks)) {
    return 'Write the amount in roubles, e.g. 250 or 12.50 (empty refunds all that is left)'
  }
  if (kopecks < 1) return 'A refund is at least 0.01 RUB'
  if (kopecks > left) return `Only ${formatMinorUnits(left)} is left to refund`
  return null
}
