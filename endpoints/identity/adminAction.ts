import { z } from 'zod'

import { parseInput } from '@/http/parseInput'
import { successResult } from '@/openapi/common'
import { defineEndpoint } from '@/http/defineEndpoint'
import { readJsonBody } from '@/http/readJsonBody'
import { recordAdminAction } from '@/identity/operations/recordAdminAction'

/** Any JSON document; it is recorded verbatim as the entry's `data`. */
export const adminActionInput = z
  .json()
  .default({})
  .meta({ id: 'JsonDocument', description: 'Any JSON document' })

export const adminActionEndpoint = defineEndpoint({
  path: '/admin-action',
  method: 'post',
  family: 'custom',
  access: 'admin',
  openapi: {
    operationId: 'recordAdminAction',
    summary: 'Record an administrator action',
    description:
      'Appends an entry to the audit log: the body as `data`, its `action` member (when a ' +
      'string) as the action name, else `admin-action`. Administrators only.',
    tags: ['Administration'],
    body: adminActionInput,
    responses: { 200: { description: 'Recorded', schema: successResult } },
  },
  handler: async (req) => {
    const data = parseInput(adminActionInput, await readJsonBody(req))
    await recordAdminAction({ req, data })
    return Response.json({ success: true } satisfies z.infer<typeof successResult>)
  },
})
