import type { Access } from 'payload'

import { holdsGrant } from '@/identity/consumerGrants'

/**
 * Reads as `otherwise` allows, and for an API consumer holding `grant` every record: the grant
 * that lets a consumer receive a collection's events lets it read the same records through the
 * API (read-only), so that what an event tells and what a read shows agree.
 */
export const readableWithGrant =
  (grant: string, otherwise: Access): Access =>
  (args) =>
    holdsGrant(args.req.user, grant) ? true : otherwise(args)
