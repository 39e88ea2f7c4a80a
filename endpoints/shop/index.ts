import { checkoutEndpoint } from './checkout'
import { stripeWebhookEndpoint } from './stripeWebhook'

/** The orders collection's endpoints: `POST /api/orders/checkout`, `POST /api/orders/webhook/stripe`. */
export const orderEndpoints = [checkoutEndpoint, stripeWebhookEndpoint]
