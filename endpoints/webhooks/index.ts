import { listDeliveriesEndpoint, retryDeliveryEndpoint } from './deliveries'
import { eventTypesEndpoint } from './eventTypes'
import { retryDeliveryAdminEndpoint } from './retryDeliveryAsAdmin'
import {
  deleteSubscriptionEndpoint,
  getSubscriptionEndpoint,
  updateSubscriptionEndpoint,
} from './subscription'
import {
  recoverEventsEndpoint,
  rotateSecretEndpoint,
  testSubscriptionEndpoint,
} from './subscriptionActions'
import { createSubscriptionEndpoint, listSubscriptionsEndpoint } from './subscriptions'

/** The consumer webhook API, served at `/webhooks/...` through a rewrite onto `/api/webhooks/...`. */
export const webhookEndpoints = [
  createSubscriptionEndpoint,
  listSubscriptionsEndpoint,
  getSubscriptionEndpoint,
  updateSubscriptionEndpoint,
  deleteSubscriptionEndpoint,
  testSubscriptionEndpoint,
  rotateSecretEndpoint,
  recoverEventsEndpoint,
  listDeliveriesEndpoint,
  retryDeliveryEndpoint,
  eventTypesEndpoint,
]

/** The webhook-deliveries collection's endpoint: the admin panel's "Retry now". */
export const webhookDeliveryAdminEndpoints = [retryDeliveryAdminEndpoint]
