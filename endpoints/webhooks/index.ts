import { createSubscriptionEndpoint } from './createSubscription'
import { deleteSubscriptionEndpoint } from './deleteSubscription'
import { eventTypesEndpoint } from './eventTypes'
import { getSubscriptionEndpoint } from './getSubscription'
import { listAttemptsEndpoint } from './listAttempts'
import { listDeliveriesEndpoint } from './listDeliveries'
import { listSubscriptionsEndpoint } from './listSubscriptions'
import { recoverEventsEndpoint } from './recoverEvents'
import { replayDeliveriesEndpoint } from './replayDeliveries'
import { retryDeliveryEndpoint } from './retryDelivery'
import { retryDeliveryAsAdminEndpoint } from './retryDeliveryAsAdmin'
import { rotateSecretEndpoint } from './rotateSecret'
import { testSubscriptionEndpoint } from './testSubscription'
import { updateSubscriptionEndpoint } from './updateSubscription'

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
  replayDeliveriesEndpoint,
  listDeliveriesEndpoint,
  retryDeliveryEndpoint,
  listAttemptsEndpoint,
  eventTypesEndpoint,
]

/** The webhook-deliveries collection's endpoint: the admin panel's "Retry now". */
export const webhookDeliveryAdminEndpoints = [retryDeliveryAsAdminEndpoint]
