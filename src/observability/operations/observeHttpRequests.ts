import type { Payload, SanitizedConfig } from 'payload'

import { rewrittenPrefixes } from '@/http/publicPaths.mjs'
import { observeHttpRequest } from '@/runtime/metrics'
import { routeLabeler } from '../routeLabel'
import { configOf } from '@/config/appConfig'
import { serverBridge } from '@/runtime/serverBridge'

/**
 * Every route the app serves through Payload, in Payload's router syntax: custom and built-in
 * endpoints of the root, the collections and the globals, GraphQL, and the public paths that
 * `next.config.mjs` rewrites onto `/api` (`/webhooks/...`, `/reports/...`).
 */
export function routeTemplates(config: SanitizedConfig): string[] {
  const api = config.routes.api
  const root = (config.endpoints || []).map((endpoint) => `${api}${endpoint.path}`)
  const rewritten = (config.endpoints || [])
    .map((endpoint) => endpoint.path)
    .filter((path) => rewrittenPrefixes.some((prefix) => path.startsWith(`${prefix}/`)))
  const ofCollections = config.collections.flatMap((collection) =>
    (collection.endpoints || []).map((endpoint) => `${api}/${collection.slug}${endpoint.path}`),
  )
  const ofGlobals = config.globals.flatMap((global) =>
    (global.endpoints || []).map((endpoint) => `${api}/globals/${global.slug}${endpoint.path}`),
  )
  const graphQL = [`${api}${config.routes.graphQL}`, `${api}${config.routes.graphQLPlayground}`]
  return [...root, ...rewritten, ...ofCollections, ...ofGlobals, ...graphQL]
}

/**
 * Payload's `onInit`: puts the request observer where the app's HTTP server calls it for every
 * finished response; while metrics are on (`METRICS_TOKEN`) it labels each path with its route
 * (src/observability/routeLabel.ts) and counts it. One observer per process: a second init (a
 * hot reload) replaces it.
 */
export function observeHttpRequests(payload: Payload) {
  const label = routeLabeler(routeTemplates(payload.config))
  serverBridge().observeRequest = (request) => {
    if (!configOf(payload).observability.metricsToken) return
    try {
      observeHttpRequest({
        method: request.method,
        route: label(request.path),
        status: request.status,
        seconds: request.durationSeconds,
      })
    } catch (err) {
      payload.logger.warn({ msg: 'Metrics: a request could not be observed', err })
    }
  }
}
