import { z } from 'zod'

import { meResult } from '@/identity/contracts/me'
import { defineEndpoint } from '@/http/defineEndpoint'

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
