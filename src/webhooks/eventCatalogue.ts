import { z } from 'zod'

import {
  articleEventData,
  articleRemovedEventData,
  exampleArticleEventData,
  exampleArticleRemovedEventData,
} from '@/articles/articleEvents'
import { commentEventData, exampleCommentEventData } from '@/articles/commentEvents'
import { exampleInquiryEventData, inquiryEventData } from '@/contact/inquiryEvents'
import {
  exampleOrderEventData,
  exampleOrderPaidEventData,
  exampleOrderRefundedEventData,
  exampleOrderUpdatedEventData,
  orderEventData,
  orderPaidEventData,
  orderRefundedEventData,
} from '@/shop/orderEvents'
import {
  exampleProductEventData,
  exampleProductUpdatedEventData,
  productEventData,
  productUpdatedEventData,
} from '@/shop/productEvents'

/** One kind of business event a subscription can ask for. */
export type EventTypeDefinition = {
  /** `<resource>.<action>`, the name subscriptions list in `events`. */
  name: string
  /** What happened, for integrators. */
  description: string
  /** The shape of `data` in a delivery of this type (the API reference is generated from it). */
  payload: z.ZodType
  /** A payload of this type as delivered in `data`; it satisfies `payload`. */
  examplePayload: Record<string, unknown>
  /**
   * The object an event of this type is about, as `<resource>:{id}` (`{id}` is `data.id`):
   * a subscription with `ordered` receives the events of one object in the order they were
   * emitted. `null`: never held back (test events).
   */
  orderingKey: `${string}:{id}` | null
}

/** Event type names, one constant per event the service emits: code names events by these. */
export const WebhookEvents = {
  ArticleCreated: 'article.created',
  ArticleUpdated: 'article.updated',
  ArticleDeleted: 'article.deleted',
  ArticlePublished: 'article.published',
  ArticleUnpublished: 'article.unpublished',
  CommentCreated: 'comment.created',
  OrderCreated: 'order.created',
  OrderUpdated: 'order.updated',
  OrderPaid: 'order.paid',
  OrderRefunded: 'order.refunded',
  ProductCreated: 'product.created',
  ProductUpdated: 'product.updated',
  InquiryCreated: 'inquiry.created',
  /** Sent only to the subscription being tested (on create and on `POST .../test`). */
  Test: 'webhook.test',
} as const

export type WebhookEventName = (typeof WebhookEvents)[keyof typeof WebhookEvents]

/** Subscribing to this name means every event type. */
export const allEvents = '*'

/** `data` of `webhook.test`. */
export const testEventData = z
  .strictObject({
    subscription_id: z.uuid().describe('The subscription being tested: yours'),
    message: z.string().describe('Always "This is a test event."'),
  })
  .meta({ id: 'TestEventData' })
export type TestEventData = z.infer<typeof testEventData>

/** The `message` of every `webhook.test` event. */
export const testEventMessage = 'This is a test event.'

/** Every event type the service emits, with a documented example payload. */
export const eventCatalogue: readonly EventTypeDefinition[] = [
  {
    name: WebhookEvents.ArticleCreated,
    orderingKey: 'article:{id}',
    payload: articleEventData,
    description:
      'An article became readable through the API: it was published for the first time (or created published), or published again after `article.unpublished`. Followed by `article.published`. An article created or saved as a draft emits nothing.',
    examplePayload: exampleArticleEventData,
  },
  {
    name: WebhookEvents.ArticleUpdated,
    orderingKey: 'article:{id}',
    payload: articleEventData,
    description:
      'A published article was saved with changes, which are published: the payload is the article as consumers now read it. Followed by `article.published`. Saving a draft beside it (autosave, "Save draft") or saving an unpublished article emits nothing.',
    examplePayload: exampleArticleEventData,
  },
  {
    name: WebhookEvents.ArticlePublished,
    orderingKey: 'article:{id}',
    payload: articleEventData,
    description:
      'A version of an article became the one consumers read: by hand, through the API or on schedule. Sent after `article.created` (the article appears) or `article.updated` (it changed), with the same payload.',
    examplePayload: exampleArticleEventData,
  },
  {
    name: WebhookEvents.ArticleUnpublished,
    orderingKey: 'article:{id}',
    payload: articleRemovedEventData,
    description:
      'A published article was unpublished (by hand, through the API or on schedule): consumers no longer read it. The payload only names it: its id, the slug it was published under and when.',
    examplePayload: exampleArticleRemovedEventData,
  },
  {
    name: WebhookEvents.ArticleDeleted,
    orderingKey: 'article:{id}',
    payload: articleRemovedEventData,
    description:
      'A published article was deleted. The payload only names it, as for `article.unpublished`. Deleting an article that is not published emits nothing.',
    examplePayload: exampleArticleRemovedEventData,
  },
  {
    name: WebhookEvents.CommentCreated,
    orderingKey: 'comment:{id}',
    payload: commentEventData,
    description:
      'A comment became readable through the API: posted approved on a published article, or approved later. A pending comment, or one on an article that is not published, emits nothing.',
    examplePayload: exampleCommentEventData,
  },
  {
    name: WebhookEvents.OrderCreated,
    orderingKey: 'order:{id}',
    payload: orderEventData,
    description: 'An order was placed (status `pending`).',
    examplePayload: exampleOrderEventData,
  },
  {
    name: WebhookEvents.OrderUpdated,
    orderingKey: 'order:{id}',
    payload: orderEventData,
    description: 'An order changed, e.g. its status.',
    examplePayload: exampleOrderUpdatedEventData,
  },
  {
    name: WebhookEvents.OrderPaid,
    orderingKey: 'order:{id}',
    payload: orderPaidEventData,
    description: 'The payment provider confirmed payment of an order.',
    examplePayload: exampleOrderPaidEventData,
  },
  {
    name: WebhookEvents.OrderRefunded,
    orderingKey: 'order:{id}',
    payload: orderRefundedEventData,
    description:
      "Stripe confirmed a refund of an order (asked for by an administrator, or made in Stripe's dashboard); sent once per refund, when it succeeds.",
    examplePayload: exampleOrderRefundedEventData,
  },
  {
    name: WebhookEvents.ProductCreated,
    orderingKey: 'product:{id}',
    payload: productEventData,
    description:
      'A product became available through the API: it was created active, or activated (again). An inactive product emits nothing.',
    examplePayload: exampleProductEventData,
  },
  {
    name: WebhookEvents.ProductUpdated,
    orderingKey: 'product:{id}',
    payload: productUpdatedEventData,
    description:
      'An active product changed (price, stock, gallery...), or it was deactivated: then the payload only names it, `{ "id", "slug", "active": false }`, and consumers no longer read it. Changes to an inactive product emit nothing.',
    examplePayload: exampleProductUpdatedEventData,
  },
  {
    name: WebhookEvents.InquiryCreated,
    orderingKey: 'inquiry:{id}',
    payload: inquiryEventData,
    description: 'A visitor submitted the contact form.',
    examplePayload: exampleInquiryEventData,
  },
  {
    name: WebhookEvents.Test,
    orderingKey: null,
    payload: testEventData,
    description:
      'A test event, sent only to the subscription being tested: on creation and on request.',
    examplePayload: {
      subscription_id: '3f0c1c9e-8a51-4b0e-9d1e-2b7f5a0c6d42',
      message: testEventMessage,
    },
  },
]

/**
 * The ordering key of an event of type `type` with `data` (`order:1001`), or `null` when its
 * type has none or `data` has no `id`.
 */
export function orderingKeyOf(type: string, data: Record<string, unknown>): string | null {
  const template = eventCatalogue.find((event) => event.name === type)?.orderingKey
  const id = data.id
  if (!template || (typeof id !== 'number' && typeof id !== 'string')) return null
  return template.replace('{id}', String(id))
}
