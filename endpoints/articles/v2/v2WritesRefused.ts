import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { HttpError } from '@/http/errors'
import { errorEnvelope } from '@/openapi/errorSchemas'

// A write sent to v2 (directly or through the v2 `Accept` header) is refused here rather
// than reaching Payload's own collection routes.
export const v2WritesRefused = (['post', 'put', 'patch', 'delete'] as const).flatMap((method) =>
  ['/v2/articles', '/v2/articles/:id'].map((path) =>
    defineEndpoint({
      path,
      method,
      family: 'resource',
      access: 'anyone',
      openapi: {
        operationId: `${method}${path.endsWith(':id') ? 'Article' : 'Articles'}V2`,
        summary: `${method.toUpperCase()} is not served by v2`,
        description: 'v2 reads only: write through `/api/v1/articles`.',
        tags: ['Articles'],
        responses: {
          405: {
            description: '`method_not_allowed`: write through v1',
            schema: errorEnvelope('resource', ['method_not_allowed']),
            headers: z.object({ Allow: z.literal('GET') }),
          },
        },
      },
      handler: () => {
        throw new HttpError({
          code: 'method_not_allowed',
          message: 'v2 serves reads only; write through /api/v1/articles',
          headers: { Allow: 'GET' },
        })
      },
    }),
  ),
)
