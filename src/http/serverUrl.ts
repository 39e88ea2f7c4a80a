import type { Payload } from 'payload'

import { configOf } from '@/config/appConfig'

/**
 * Where callers reach this deployment, for absolute URLs (the OpenAPI `servers` entry, image
 * URLs): `SERVER_URL` when set (behind a proxy), else the request's scheme and `Host` (Next
 * reports `localhost` in `req.url` whatever the host was); without a request (a scheduled job)
 * this machine's own address and port.
 */
export function serverUrlOf(req: { url?: string; headers?: Headers; payload: Payload }) {
  const config = configOf(req.payload)
  if (config.server.url) return config.server.url.replace(/\/+$/, '')
  const host = req.headers?.get('host')
  if (!req.url && !host) return `http://localhost:${config.server.port}`
  const url = new URL(req.url ?? 'http://localhost')
  return `${url.protocol}//${host ?? url.host}`
}
