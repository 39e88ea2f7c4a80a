import { z } from 'zod'

import { openApiDocument } from '@/openapi/appDocument'
import { serverUrlOf } from '@/http/serverUrl'
import { defineEndpoint } from '@/http/defineEndpoint'

export const openApiDocumentEndpoint = defineEndpoint({
  path: '/openapi.json',
  method: 'get',
  family: 'custom',
  access: 'anyone',
  openapi: {
    operationId: 'openApiDocument',
    summary: 'This document',
    description:
      'The OpenAPI 3.1 document of this API, generated from the code; `/docs` renders it.',
    tags: ['Reference'],
    security: [],
    responses: {
      200: {
        description: 'The document',
        schema: z.looseObject({ openapi: z.literal('3.1.0') }),
      },
    },
  },
  handler: (req) => {
    return Response.json(openApiDocument(req.payload.config, serverUrlOf(req)), {
      headers: { 'Cache-Control': 'public, max-age=300' },
    })
  },
})
