import { checkoutEndpoint } from './checkout'
import { refundOrderEndpoint } from './refundOrder'
import { stripeWebhookEndpoint } from './stripeWebhook'

/**
 * The orders collection's endpoints: `POST /api/orders/checkout`, `POST /api/orders/webhook/stripe`,
 * `POST /api/orders/{id}/refund`.
 */
export const orderEndpoints = [checkoutEndpoint, stripeWebhookEndpoint, refundOrderEndpoint]
