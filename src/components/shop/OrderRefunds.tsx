import type { UIFieldServerProps } from 'payload'
import { cache } from 'react'

import { orderRefundHistory } from '@/shop/refunds/orderRefundHistory'
import { RefundList } from './RefundList'
import { RefundOrderAction } from './RefundOrderAction'

const orderIdOf = (id: UIFieldServerProps['id']) => (id ? Number(id) : Number.NaN)

/** Read once per render of the order's page, for both the box and the list. */
const historyOf = cache(orderRefundHistory)

/**
 * The Refund box of an order's page (sidebar): on a paid order with something left, what was
 * paid, refunded and is left, read from the order's refunds as a refund request counts them.
 */
export async function RefundOrderBox({ id, payload }: UIFieldServerProps) {
  const orderId = orderIdOf(id)
  if (!Number.isSafeInteger(orderId)) return null
  const history = await historyOf(payload, orderId)
  if (!history.isRefundable) return null
  return (
    <RefundOrderAction
      paid={history.paid}
      refunded={history.refunded}
      left={history.left}
      isRestocked={history.isRestocked}
    />
  )
}

/** The list of an order's refunds (main column): one row a refund, as Stripe last reported it. */
export async function OrderRefundList({ id, payload }: UIFieldServerProps) {
  const orderId = orderIdOf(id)
  if (!Number.isSafeInteger(orderId)) return null
  const history = await historyOf(payload, orderId)
  if (!history.refunds.length) return null
  return <RefundList refunds={history.refunds} />
}
