import type { Endpoint, PayloadHandler, SanitizedConfig } from 'payload'

/**
 * Wraps the handler of every route Payload serves over REST (its root, collections' and
 * globals' routes) with `wrap`, leaving ours alone: they carry their reference
 * (`custom.openapi`) and `defineEndpoint` does the same for them in their own envelope. Applied to
 * the sanitized configuration, so that every way in (the route files, the tests' in-process
 * handlers) meets it. The rate limits and the refusal of a cookie from another origin use it.
 */
export function wrapPayloadRoutes(
  config: SanitizedConfig,
  wrap: (endpoint: Endpoint) => PayloadHandler,
): SanitizedConfig {
  const wrapped = <Endpoints extends Endpoint[] | false>(endpoints: Endpoints): Endpoints =>
    (Array.isArray(endpoints)
      ? endpoints.map((endpoint) =>
          endpoint.custom?.openapi === undefined
            ? { ...endpoint, handler: wrap(endpoint) }
            : endpoint,
        )
      : endpoints) as Endpoints
  config.endpoints = wrapped(config.endpoints)
  for (const collection of config.collections) collection.endpoints = wrapped(collection.endpoints)
  for (const global of config.globals) global.endpoints = wrapped(global.endpoints)
  return config
}
