export { WebhookDeliveries } from './WebhookDeliveries'
export { WebhookEventTypes } from './WebhookEventTypes'
export { WebhookSubscriptions } from './WebhookSubscriptions'
