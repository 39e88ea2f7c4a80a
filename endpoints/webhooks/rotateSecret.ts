import type { PayloadRequest } from 'payload'

import { recordAudit } from '@/identity/operations/recordAudit'
import { rotateSecret } from '@/webhooks/operations/rotateSecret'
import { defineEndpoint } from '@/http/defineEndpoint'
import {
  rotateSecretOutput,
  subscriptionIdParams,
  type RotatedSecret,
} from '@/webhooks/contracts/subscriptions'
import { requireConsumer, routeId } from './requireConsumer'

export const rotateSecretEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions/:id/rotate-secret',
  method: 'post',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate the signing secret',
    description:
      "A new secret; for 10 minutes deliveries carry two signatures, the new secret's first, " +
      'then only the new one. Every secret keeps signing until the `valid_until` its answer ' +
      'promised: a second rotation inside the 10 minutes keeps the secret before it too ' +
      '(three signatures), and a third is refused with 409 until the oldest promise ends ' +
      '(`Retry-After`).',
    tags: ['Webhook subscriptions'],
    security: ['apiKey', 'portalSession'],
    params: subscriptionIdParams,
    responses: { 200: { description: 'The new secret', schema: rotateSecretOutput } },
    errors: ['forbidden', 'not_found', 'conflict'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const { secret, validUntil } = await rotateSecret({
      req,
      id: routeId(req),
      recordRotation: recordSecretRotation,
    })
    const body: RotatedSecret = {
      secret,
      valid_until: validUntil.toISOString(),
      note:
        'Deliveries carry signatures with both the new and the previous secret (new first) until ' +
        'valid_until; after that only the new secret signs (a secret promised by an earlier ' +
        'rotation keeps signing until its own valid_until). Store this secret now: it is not ' +
        'shown again.',
    }
    return Response.json(body)
  },
})

/** The audit trail's entry of a rotation: that the secret changed, never its value. */
const recordSecretRotation = (req: PayloadRequest, id: string) =>
  recordAudit(req, {
    action: 'secret-rotation',
    target: { collection: 'webhook-subscriptions', id },
    changes: { secret: { hidden: 'secret' } },
  })
