import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { checkReadiness } from '@/observability/operations/checkReadiness'
import { noStore } from './noStore'

/** `GET /api/health/ready` (200 or 503): the verdict and each check. */
export const readinessOutput = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    checks: z.object({
      database: z.object({
        ok: z.boolean(),
        latencyMs: z.number().optional().describe('Time `SELECT 1` took'),
        error: z.string().optional().describe('Why it failed (an error code, or a timeout)'),
      }),
      migrations: z.object({
        ok: z.boolean(),
        expected: z.number().int().describe('Migration files shipped with this version'),
        applied: z.number().int().describe('Of those, applied to the database'),
        missing: z.array(z.string()).describe('Names of the migrations not applied'),
        isSchemaPushed: z
          .boolean()
          .describe(
            "Development's schema push keeps this database: counts as current outside production",
          ),
        error: z.string().optional(),
      }),
      webhookWorker: z.object({
        ok: z.boolean(),
        state: z
          .enum(['disabled', 'not_started', 'starting', 'running', 'stopped'])
          .describe('`disabled` (`WEBHOOK_WORKER=off`) passes'),
        isListening: z
          .boolean()
          .optional()
          .describe('Whether it hears NOTIFY now (it polls while its listener reconnects)'),
        listenerDownSinceMs: z.number().optional(),
      }),
    }),
  })
  .meta({ id: 'Readiness' })

export const readinessEndpoint = defineEndpoint({
  path: '/health/ready',
  method: 'get',
  family: 'resource',
  access: 'anyone',
  isProbe: true,
  openapi: {
    operationId: 'readiness',
    summary: 'Readiness',
    description:
      'Answers 200 when this process can serve: the database answers `SELECT 1` within 2 s, ' +
      'every migration shipped with the code is applied, and the webhook worker runs where it ' +
      "is enabled; 503 otherwise, with every check. For a load balancer's health check (send " +
      'no traffic while it fails).',
    tags: ['Operations'],
    security: [],
    responses: {
      200: { description: 'Ready', schema: readinessOutput },
      503: { description: 'Not ready: the checks say why', schema: readinessOutput },
    },
  },
  handler: async (req) => {
    const { httpStatus, body } = await checkReadiness(req.payload)
    return Response.json(body satisfies z.input<typeof readinessOutput>, {
      status: httpStatus,
      headers: noStore,
    })
  },
})
