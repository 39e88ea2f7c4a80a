import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { noStore } from './noStore'

/** `GET /api/health` (200). */
export const livenessOutput = z.object({ status: z.literal('ok') }).meta({ id: 'Liveness' })

export const livenessEndpoint = defineEndpoint({
  path: '/health',
  method: 'get',
  family: 'resource',
  access: 'anyone',
  isProbe: true,
  openapi: {
    operationId: 'liveness',
    summary: 'Liveness',
    description:
      'Answers 200 while the process serves requests; it asks nothing of the database. For ' +
      "an orchestrator's liveness probe (restart the process when it fails).",
    tags: ['Operations'],
    security: [],
    responses: { 200: { description: 'The process serves', schema: livenessOutput } },
  },
  handler: () => {
    const body: z.input<typeof livenessOutput> = { status: 'ok' }
    return Response.json(body, { headers: noStore })
  },
})
