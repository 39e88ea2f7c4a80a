/** One kind of business event a subscription can ask for. */
export type EventTypeDefinition = {
  /** `<resource>.<action>`, the name subscriptions list in `events`. */
  name: string
  /** What happened, for integrators. */
  description: string
  /** A payload of this type as delivered in `data` (documents its fields). */
  examplePayload: Record<string, unknown>
}

/** Event type names, one constant per event the service emits (like Medusa's `OrderWorkflowEvents`). */
export const WebhookEvents = {
  ArticleCreated: 'article.created',
  ArticleUpdated: 'article.updated',
  ArticleDeleted: 'article.deleted',
  CommentCreated: 'comment.created',
  OrderCreated: 'order.created',
  OrderUpdated: 'order.updated',
  OrderPaid: 'order.paid',
  ProductCreated: 'product.created',
  ProductUpdated: 'product.updated',
  InquiryCreated: 'inquiry.created',
  /** Sent only to the subscription being tested (on create and on `POST .../test`). */
  Test: 'webhook.test',
} as const

export type WebhookEventName = (typeof WebhookEvents)[keyof typeof WebhookEvents]

/** Subscribing to this name means every event type. */
export const allEvents = '*'

const at = '2026-01-15T09:30:00.000Z'
const later = '2026-01-15T10:05:00.000Z'

const article = {
  id: 42,
  title: 'Spring collection is here',
  slug: 'spring-collection-is-here',
  status: 'published',
  author_id: 7,
  published_at: at,
  created_at: at,
  updated_at: later,
}
const order = { id: 1001, status: 'pending', total: 2490, created_at: at }
const product = {
  id: 17,
  name: 'Linen shirt',
  slug: 'linen-shirt',
  price: 1245,
  stock: 12,
  active: true,
}

/** Every event type the service emits, with a documented example payload. */
export const eventCatalogue: readonly EventTypeDefinition[] = [
  {
    name: WebhookEvents.ArticleCreated,
    description: 'An article was created.',
    examplePayload: article,
  },
  {
    name: WebhookEvents.ArticleUpdated,
    description: 'An article was changed (including its status).',
    examplePayload: article,
  },
  {
    name: WebhookEvents.ArticleDeleted,
    description: 'An article was deleted; the payload is its last state.',
    examplePayload: article,
  },
  {
    name: WebhookEvents.CommentCreated,
    description: 'A comment was posted on an article.',
    examplePayload: { id: 9, article_id: 42, status: 'pending', created_at: at },
  },
  {
    name: WebhookEvents.OrderCreated,
    description: 'An order was placed (status `pending`).',
    examplePayload: order,
  },
  {
    name: WebhookEvents.OrderUpdated,
    description: 'An order changed, e.g. its status.',
    examplePayload: { ...order, status: 'shipped' },
  },
  {
    name: WebhookEvents.OrderPaid,
    description: 'The payment provider confirmed payment of an order.',
    examplePayload: { ...order, status: 'paid', paid_at: later, payment_id: 'pi_3Nk2Yz' },
  },
  {
    name: WebhookEvents.ProductCreated,
    description: 'A product was created.',
    examplePayload: product,
  },
  {
    name: WebhookEvents.ProductUpdated,
    description: 'A product changed (price, stock, activity...).',
    examplePayload: { ...product, stock: 11 },
  },
  {
    name: WebhookEvents.InquiryCreated,
    description: 'A visitor submitted the contact form.',
    examplePayload: {
      id: 5,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      status: 'new',
      created_at: at,
    },
  },
  {
    name: WebhookEvents.Test,
    description:
      'A test event, sent only to the subscription being tested: on creation and on request.',
    examplePayload: { subscription_id: '3f0c1c9e-8a51-4b0e-9d1e-2b7f5a0c6d42', message: 'test' },
  },
]
