/** The report periods and their windows in days. */
export const salesPeriods = { day: 1, week: 7, month: 30 } as const

/**
 * The window of `period`: `week` when absent; an unknown value falls back to 7 days and is
 * echoed as the caller wrote it: `period` in the answer is what was asked.
 */
export function salesWindow(period: string | undefined): { days: number; period: string } {
  const requested = period ?? 'week'
  const days = Object.hasOwn(salesPeriods, requested)
    ? salesPeriods[requested as keyof typeof salesPeriods]
    : salesPeriods.week
  return { days, period: requested }
}

/**
 * Order statuses that count as sales: paid, what follows payment, and paid orders partly
 * refunded (counted net of their refunds). A wholly refunded order is no sale.
 */
export const soldStatuses = ['paid', 'shipped', 'delivered', 'partially_refunded'] as const
