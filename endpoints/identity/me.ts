import { z } from 'zod'

import { roles } from '@/identity/roles'
import { defineEndpoint } from '@/http/defineEndpoint'

/** Who the credentials belong to: a user (token) or an API consumer (key). */
export const meResult = z.object({
  data: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('user'),
      id: z.number().int(),
      email: z.string(),
      name: z.string().nullable(),
      role: z.enum(roles),
    }),
    z.object({
      type: z.literal('consumer'),
      id: z.string(),
      email: z.string(),
      name: z.string(),
    }),
  ]),
})

export const meEndpoint = defineEndpoint({
  path: '/v1/me',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'me',
    summary: 'Who am I',
    description: 'Checks a token or key before anything else.',
    tags: ['Identity'],
    responses: { 200: { description: 'The caller', schema: meResult } },
  },
  handler: (req) => {
    const user = req.user!
    const data =
      user.collection === 'users'
        ? { id: user.id, type: 'user', email: user.email, name: user.name ?? null, role: user.role }
        : { id: user.id, type: 'consumer', email: user.email, name: user.name }
    return Response.json({ data } as z.infer<typeof meResult>)
  },
})
