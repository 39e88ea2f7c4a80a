import { createSubscriptionEndpoint } from './createSubscription'
import { endPortalSessionEndpoint, getPortalSessionEndpoint } from './currentPortalSession'
import { endPortalSessionsAsAdminEndpoint } from './endPortalSessionsAsAdmin'
import { openPortalAsAdminEndpoint } from './openPortalAsAdmin'
import { exchangePortalSessionEndpoint } from './portalSessionExchange'
import { createPortalSessionEndpoint } from './portalSessions'
import { deleteSubscriptionEndpoint } from './deleteSubscription'
import { eventTypesEndpoint } from './eventTypes'
import { getDeliveryEndpoint } from './getDelivery'
import { getSubscriptionEndpoint } from './getSubscription'
import { listAttemptsEndpoint } from './listAttempts'
import { listDeliveriesEndpoint } from './listDeliveries'
import { listSubscriptionsEndpoint } from './listSubscriptions'
import { recoverEventsEndpoint } from './recoverEvents'
import { replayDeliveriesEndpoint } from './replayDeliveries'
import { retryDeliveryEndpoint } from './retryDelivery'
import { retryDeliveryAsAdminEndpoint } from './retryDeliveryAsAdmin'
import { rotateSecretEndpoint } from './rotateSecret'
import { sendNowEndpoint } from './sendNow'
import { subscriptionStatsEndpoint } from './subscriptionStats'
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
  sendNowEndpoint,
  listDeliveriesEndpoint,
  getDeliveryEndpoint,
  retryDeliveryEndpoint,
  listAttemptsEndpoint,
  subscriptionStatsEndpoint,
  eventTypesEndpoint,
  createPortalSessionEndpoint,
  exchangePortalSessionEndpoint,
  getPortalSessionEndpoint,
  endPortalSessionEndpoint,
]

/** The webhook-deliveries collection's endpoint: the admin panel's "Retry now". */
export const webhookDeliveryAdminEndpoints = [retryDeliveryAsAdminEndpoint]

/** The consumers collection's endpoint: the admin panel's "Open portal". */
export const consumerAdminEndpoints = [openPortalAsAdminEndpoint, endPortalSessionsAsAdminEndpoint]
