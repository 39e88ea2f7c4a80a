import { checkoutCurrency } from './checkoutSession'
import { formatMinorUnits, parseAmount, toMinorUnits } from './money'

/** What a payment provider says was paid for an order's session. */
export type ReportedPayment = {
  /** `amount_total`, in minor units; null when the session names none. */
  amountTotal: number | null | undefined
  /** `currency`, lower case as Stripe writes it. */
  currency: string | null | undefined
}

/**
 * The amount the order's payment session asks, in minor units: each line's unit price rounded
 * to the kopeck times its quantity, exactly as `checkoutSessionParams` gave Stripe its lines.
 */
export function sessionAmountOf(lines: { price: number | string; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + toMinorUnits(parseAmount(line.price)) * line.quantity, 0)
}

/**
 * Why a reported payment does not pay the order (its amount or currency differs from what the
 * order's session asks), in words an admin acts on; `undefined` when it matches. A payment that
 * names no amount or currency does not match: nothing says what was paid.
 */
export function paymentMismatch(args: {
  lines: { price: number | string; quantity: number }[]
  paid: ReportedPayment
}): string | undefined {
  const asked = sessionAmountOf(args.lines)
  const { amountTotal, currency } = args.paid
  const isSameCurrency = currency?.toLowerCase() === checkoutCurrency
  if (amountTotal === asked && isSameCurrency) return undefined
  const reported =
    typeof amountTotal === 'number' && currency
      ? formatMinorUnits(amountTotal, currency)
      : `amount ${amountTotal ?? 'none'}, currency ${currency ?? 'none'}`
  return (
    `Left unpaid: the payment provider reported ${reported} paid, but the order asks ` +
    `${formatMinorUnits(asked, checkoutCurrency)}. Check the payment in the provider's ` +
    'dashboard: refund it there and cancel the order, or take it up with the buyer.'
  )
}
