import type { OrderEventData, OrderPaidEventData, ProductEventData } from './eventCatalogue'
import type { OrderStatus } from '@/shop/orderStatus'

/** The order fields the `order.*` events carry. */
type OrderLike = {
  id: number
  status: OrderStatus
  total: number
  createdAt: string
  paid_at?: string | null
  paymentId?: string | null
}

/** Payload of `order.created` and `order.updated`: `{ id, status, total, created_at }`. */
export function orderEventData(order: OrderLike): OrderEventData {
  return {
    id: order.id,
    status: order.status,
    total: order.total,
    created_at: new Date(order.createdAt).toISOString(),
  }
}

/** Payload of `order.paid`: the order fields plus `paid_at` and `payment_id`. */
export function orderPaidEventData(order: OrderLike): OrderPaidEventData {
  return {
    ...orderEventData(order),
    paid_at: order.paid_at ? new Date(order.paid_at).toISOString() : null,
    payment_id: order.paymentId ?? null,
  }
}

/** Payload of `product.created` and `product.updated`. */
export function productEventData(product: {
  id: number
  name: string
  slug: string
  price: number
  stock: number
  active?: boolean | null
}): ProductEventData {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    price: product.price,
    stock: product.stock,
    active: Boolean(product.active),
  }
}
