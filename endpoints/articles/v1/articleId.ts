import type { PayloadRequest } from 'payload'

import { notFound } from '@/http/errors'

/** The `{id}` path segment: an article id is a positive integer; anything else names nothing. */
export function articleIdFrom(req: PayloadRequest): number {
  const raw = String(req.routeParams?.id ?? '')
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw notFound(`Article ${raw} not found`)
  return Number(raw)
}
