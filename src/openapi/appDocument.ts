import type { Endpoint, SanitizedConfig } from 'payload'

import { buildOpenApiDocument } from './buildDocument'
import type { EndpointReference } from './operation'
import { eventCatalogue } from '@/webhooks/eventCatalogue'
import { configOf } from '@/config/appConfig'

/** The version of the API this document describes (`info.version`). */
export const apiVersion = '1.0.0'

function customEndpoints(config: SanitizedConfig): { endpoint: Endpoint; prefix: string }[] {
  const root = (config.endpoints || []).map((endpoint) => ({ endpoint, prefix: '' }))
  const ofCollections = config.collections.flatMap((collection) =>
    (collection.endpoints || []).map((endpoint) => ({ endpoint, prefix: `/${collection.slug}` })),
  )
  return [...root, ...ofCollections]
}

const withPrefix = (reference: EndpointReference, prefix: string): EndpointReference =>
  'variants' in reference
    ? {
        ...reference,
        variants: reference.variants.map((v) => ({ ...v, path: `${prefix}${v.path}` })),
      }
    : { ...reference, path: `${prefix}${reference.path}` }

/**
 * The reference entries of the app's custom endpoints, root and collection ones. Every custom
 * endpoint is made by `defineEndpoint`, whose type requires one; Payload's own REST endpoints
 * (merged into the same lists by the config's sanitisation) carry none and are left out.
 */
export function endpointReferences(config: SanitizedConfig): EndpointReference[] {
  return customEndpoints(config).flatMap(({ endpoint, prefix }) => {
    const reference = endpoint.custom?.openapi as EndpointReference | undefined
    return reference ? [withPrefix(reference, prefix)] : []
  })
}

/** Builds the document of the app's endpoints and event types afresh. */
export function buildAppDocument(config: SanitizedConfig, serverUrl: string) {
  return buildOpenApiDocument({
    references: endpointReferences(config),
    events: eventCatalogue,
    serverUrl,
    version: apiVersion,
    config: configOf({ config }),
  })
}

const built = new Map<string, ReturnType<typeof buildAppDocument>>()

/**
 * The document for a deployment reached at `serverUrl`. The document is built once per process
 * and configuration (the variant each variant endpoint serves); only its `servers` entry differs
 * from one deployment address to another.
 */
export function openApiDocument(config: SanitizedConfig, serverUrl: string) {
  const configuration = [
    ...endpointReferences(config).map((reference) =>
      'variants' in reference ? reference.served(configOf({ config })) : '',
    ),
    // The locale parameters list the configured locales.
    configOf({ config }).content.locales.join(' '),
  ].join(',')
  let document = built.get(configuration)
  if (!document) {
    document = buildAppDocument(config, serverUrl)
    built.set(configuration, document)
  }
  return { ...document, servers: [{ url: serverUrl, description: 'This deployment' }] }
}
