import { contentGrant, type DomainEvents, type GrantDefinition } from '@/webhooks/eventCatalogue'
import {
  exampleOrderEventData,
  exampleOrderPaidEventData,
  exampleOrderRefundedEventData,
  exampleOrderUpdatedEventData,
  orderEventData,
  orderPaidEventData,
  orderRefundedEventData,
} from './orderEvents'
import {
  exampleProductEventData,
  exampleProductUpdatedEventData,
  productEventData,
  productUpdatedEventData,
} from './productEvents'

/** The shop's event type names: code names its events by these. */
export const ShopEvents = {
  OrderCreated: 'order.created',
  OrderUpdated: 'order.updated',
  OrderPaid: 'order.paid',
  OrderRefunded: 'order.refunded',
  ProductCreated: 'product.created',
  ProductUpdated: 'product.updated',
} as const

/** What the `order.*` events need: they carry buyers' orders, which only admins read otherwise. */
export const ordersGrant: GrantDefinition = {
  name: 'orders',
  label: 'Orders',
  description:
    'order.created, order.updated, order.paid and order.refunded, and reading orders through ' +
    "the API (GET /api/orders, read-only): every buyer's e-mail, shipping address and refunds.",
}

/**
 * The shop's event types, registered with the webhook catalogue by the composition root:
 * products are public content, orders need `orders`.
 */
export const shopEventTypes: DomainEvents = {
  grants: [ordersGrant],
  events: [
    {
      name: ShopEvents.OrderCreated,
      orderingKey: 'order:{id}',
      grant: ordersGrant.name,
      payload: orderEventData,
      description: 'An order was placed (status `pending`).',
      examplePayload: exampleOrderEventData,
    },
    {
      name: ShopEvents.OrderUpdated,
      orderingKey: 'order:{id}',
      grant: ordersGrant.name,
      payload: orderEventData,
      description: 'An order changed, e.g. its status.',
      examplePayload: exampleOrderUpdatedEventData,
    },
    {
      name: ShopEvents.OrderPaid,
      orderingKey: 'order:{id}',
      grant: ordersGrant.name,
      payload: orderPaidEventData,
      description: 'The payment provider confirmed payment of an order.',
      examplePayload: exampleOrderPaidEventData,
    },
    {
      name: ShopEvents.OrderRefunded,
      orderingKey: 'order:{id}',
      grant: ordersGrant.name,
      payload: orderRefundedEventData,
      description:
        "Stripe confirmed a refund of an order (asked for by an administrator, or made in Stripe's dashboard); sent once per refund, when it succeeds.",
      examplePayload: exampleOrderRefundedEventData,
    },
    {
      name: ShopEvents.ProductCreated,
      orderingKey: 'product:{id}',
      grant: contentGrant.name,
      payload: productEventData,
      description:
        'A product became available through the API: it was created active, or activated (again). An inactive product emits nothing.',
      examplePayload: exampleProductEventData,
    },
    {
      name: ShopEvents.ProductUpdated,
      orderingKey: 'product:{id}',
      grant: contentGrant.name,
      payload: productUpdatedEventData,
      description:
        'An active product changed (price, stock, gallery...), or it was deactivated: then the payload only names it, `{ "id", "slug", "active": false }`, and consumers no longer read it. Changes to an inactive product emit nothing.',
      examplePayload: exampleProductUpdatedEventData,
    },
  ],
}
