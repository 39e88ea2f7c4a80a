/**
 * Exact money arithmetic on decimal strings, without binary floating point: an amount is a
 * `bigint` count of 10^-4 units of the currency (prices carry at most four fractional digits),
 * so sums and products stay exact and rounding happens once, half-up, where an amount leaves
 * for Stripe (`unit_amount` in kopecks) or the report (its average).
 */

/** Fractional digits an amount may carry. */
export const amountScale = 4

const unitsPerWhole = 10n ** BigInt(amountScale)
const decimalPattern = /^(\d{1,15})(?:\.(\d+))?$/

/** An exact, non-negative decimal amount, in 10^-4 units of the currency. */
export type Amount = bigint

/**
 * Parses a decimal as PostgreSQL's `numeric::text` prints it (`19.99`, `1.005`, `3`). A JS
 * number is read through its shortest round-trip representation, which is exact for the
 * values a price may hold (at most 15 significant digits).
 */
export function parseAmount(value: string | number): Amount {
  // A number's exponent notation (1e-7, 1e+21) lies outside any price and fails the pattern.
  const text = typeof value === 'number' ? String(value) : value.trim()
  const match = decimalPattern.exec(text)
  if (!match) throw new RangeError(`Not a non-negative decimal amount: ${JSON.stringify(value)}`)
  const [, whole = '0', fraction = ''] = match
  const significant = fraction.replace(/0+$/, '')
  if (significant.length > amountScale) {
    throw new RangeError(`An amount has at most ${amountScale} fractional digits: ${text}`)
  }
  return BigInt(whole) * unitsPerWhole + BigInt(significant.padEnd(amountScale, '0') || '0')
}

/** The canonical decimal text of an amount, without trailing zeros: `19.99`, `1.005`, `3`. */
export function formatAmount(amount: Amount): string {
  const whole = amount / unitsPerWhole
  const fraction = (amount % unitsPerWhole).toString().padStart(amountScale, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

/** The amount as a JS number, for JSON and Payload number fields; exact below 15 digits. */
export function amountToNumber(amount: Amount): number {
  return Number(formatAmount(amount))
}

/** `amount × quantity`, exactly. */
export function multiplyAmount(amount: Amount, quantity: number): Amount {
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`A quantity is a non-negative integer: ${quantity}`)
  }
  return amount * BigInt(quantity)
}

/** The exact sum of amounts. */
export function sumAmounts(amounts: Iterable<Amount>): Amount {
  let total = 0n
  for (const amount of amounts) total += amount
  return total
}

/**
 * The amount in minor units (kopecks for RUB: price × 100), rounded half-up on the decimal
 * value: 19.99 gives 1999, 1.005 gives 101, 0.0049 gives 0.
 */
export function toMinorUnits(amount: Amount, minorDigits = 2): number {
  const scaled = amount * 10n ** BigInt(minorDigits)
  const rounded = (scaled + unitsPerWhole / 2n) / unitsPerWhole
  return Number(rounded)
}

/**
 * An amount in roubles as people read it: `1,580.00 RUB` (rounded half-up to the kopeck; one
 * rule wherever money is shown). Takes the stored decimal (a Payload number, `numeric` text)
 * or an exact `Amount`.
 */
export function formatRub(value: Amount | string | number): string {
  const amount = typeof value === 'bigint' ? value : parseAmount(value)
  return formatMinorUnits(toMinorUnits(amount))
}

/**
 * Minor units as `1,580.00 RUB`, exactly (no binary floating point on the way); another
 * two-decimal currency by its code.
 */
export function formatMinorUnits(kopecks: number | bigint, currency = 'RUB'): string {
  const value = BigInt(kopecks)
  const sign = value < 0n ? '-' : ''
  const magnitude = value < 0n ? -value : value
  const whole = (magnitude / 100n).toLocaleString('en-US')
  const cents = (magnitude % 100n).toString().padStart(2, '0')
  return `${sign}${whole}.${cents} ${currency.toUpperCase()}`
}
