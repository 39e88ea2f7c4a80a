import { amountScale, parseAmount } from './money'

/** Highest price: Stripe's largest `unit_amount` (99,999,999 minor units). */
export const maxPrice = 999_999.99

/** A price is a decimal from 0 to `maxPrice` with at most four fractional digits. */
export const validatePrice = (value: number | null | undefined): true | string => {
  if (value === null || value === undefined) return 'A price is required'
  if (value < 0 || value > maxPrice) return `The price must be between 0 and ${maxPrice}`
  try {
    parseAmount(value)
    return true
  } catch {
    return `The price has at most ${amountScale} decimal places`
  }
}
