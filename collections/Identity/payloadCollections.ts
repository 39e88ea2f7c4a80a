import {
  Forbidden,
  NotFound,
  type CollectionConfig,
  type Endpoint,
  type PayloadHandler,
  type SanitizedConfig,
} from 'payload'

import { hasWriterRole } from '@/identity/roles'
import { isAdmin } from './access/isAdmin'
import { isWriter } from '../Workflow/access/writerAccess'
import { ownPreferences } from './access/ownPreferences'
import { lockNamesItsTaker } from './hooks/lockNamesItsTaker'

const nobody = () => false

/**
 * Our access rules for the collections Payload adds itself, which otherwise keep Payload's
 * defaults (any logged-in caller: a customer who signed up, any API key):
 * - `payload-locked-documents`: authors, editors and admins see and take locks, each naming its taker
 *   and a document the taker may change (`lockNamesItsTaker`);
 * - `payload-preferences`: authors, editors and admins, their own only, through its REST and its
 *   `/:key` routes (which Payload serves without the collection's access);
 * - `payload-migrations`: Payload serves none of its routes (a 404, `withoutUnusedPayloadRoutes`;
 *   `npm run migrate:status` shows it); the read rule below holds wherever the Local API asks
 *   with a user;
 * - `payload-jobs` and `payload-kv`: nobody over HTTP (Payload's default, kept explicitly).
 * Versions are read through each collection's `readVersions` (the writers only, in Articles and
 * Pages). `tests/int/accessMatrix.test.ts` walks every collection the running config serves.
 */
const payloadCollectionAccess: Record<string, Partial<CollectionConfig>> = {
  'payload-locked-documents': {
    access: { read: isWriter, create: isWriter, update: isWriter, delete: isWriter },
    hooks: { beforeChange: [lockNamesItsTaker] },
  },
  'payload-preferences': {
    access: {
      read: ownPreferences,
      create: isWriter,
      update: ownPreferences,
      delete: ownPreferences,
    },
  },
  'payload-migrations': {
    access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  },
  'payload-jobs': {
    access: { read: nobody, create: nobody, update: nobody, delete: nobody },
  },
  'payload-kv': {
    access: { read: nobody, create: nobody, update: nobody, delete: nobody },
  },
}

/**
 * `DELETE /api/payload-preferences/:key`, deleting the caller's preference of that key: Payload's
 * own answered 500 to every call (its `deleteOne` filters on the polymorphic `user` without the
 * join it needs: "missing FROM-clause entry"). Deleted through the Local API under the
 * collection's access, which reaches only the caller's own.
 */
const deleteOwnPreference: PayloadHandler = async (req) => {
  const key = req.routeParams?.key
  const { docs } = await req.payload.delete({
    collection: 'payload-preferences',
    where: { key: { equals: typeof key === 'string' ? key : '' } },
    overrideAccess: false,
    user: req.user,
    req,
  })
  if (docs.length === 0) throw new NotFound(req.t)
  return Response.json({ message: req.t('general:deletedSuccessfully') })
}

/** An endpoint of Payload's preferences that only authors, editors and admins may call. */
const forEditors = (endpoint: Endpoint): Endpoint => {
  const own = endpoint.method === 'delete' ? deleteOwnPreference : endpoint.handler
  const handler: PayloadHandler = (req) => {
    if (!hasWriterRole(req.user)) throw new Forbidden(req.t)
    return own(req)
  }
  return { ...endpoint, handler }
}

/**
 * The sanitized configuration with our rules on Payload's own collections: they exist only
 * once Payload has built its configuration, so they are set on what `buildConfig` returns.
 */
export function withPayloadCollectionAccess(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    const rules = payloadCollectionAccess[collection.slug]
    if (!rules) continue
    collection.access = { ...collection.access, ...rules.access }
    for (const [name, hooks] of Object.entries(rules.hooks ?? {})) {
      const key = name as keyof typeof collection.hooks
      collection.hooks[key] = [...(hooks as never[]), ...((collection.hooks[key] ?? []) as never[])]
    }
    if (collection.slug === 'payload-preferences' && Array.isArray(collection.endpoints)) {
      collection.endpoints = collection.endpoints.map(forEditors)
    }
  }
  return config
}
