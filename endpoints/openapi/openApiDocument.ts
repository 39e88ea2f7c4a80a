import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { openApiDocument } from '@/openapi/appDocument'
import { serverUrlOf } from '@/http/serverUrl'
import { defineEndpoint } from '@/http/defineEndpoint'
import { configOf } from '@/config/appConfig'

/**
 * Who may keep the document: anyone when its server is `SERVER_URL`; without it the server is
 * the request's own host, so only the browser that asked keeps it, per `Host`: a shared cache
 * must never hand one visitor's host (a forged `Host: evil.example`) to the next visitor of
 * `/docs`, whose "try it" would send their key there.
 */
const cachingOf = (req: PayloadRequest): Record<string, string> =>
  configOf(req.payload).server.url
    ? { 'Cache-Control': 'public, max-age=300' }
    : { 'Cache-Control': 'private, max-age=300', Vary: 'Host' }

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
      headers: cachingOf(req),
    })
  },
})
