import type { GraphQLFieldConfig } from 'graphql'
import type { Config } from 'payload'

type Queries = NonNullable<NonNullable<Config['graphQL']>['queries']>

/**
 * GraphQL's `Access` query as Payload builds it, except that `canAccessAdmin` is `false` for a
 * caller who may not use the admin panel: Payload leaves it out (its permissions drop `false`)
 * while its schema declares it non-null, so an anonymous `{ Access { canAccessAdmin } }` got an
 * internal error instead of an answer.
 */
export const accessQuery: Queries = (_graphql, { Query }) => {
  const builtIn = (Query as { fields: Record<string, GraphQLFieldConfig<unknown, unknown>> }).fields
    .Access!
  return {
    Access: {
      ...builtIn,
      resolve: async (...args: Parameters<NonNullable<typeof builtIn.resolve>>) => {
        const access = (await builtIn.resolve!(...args)) as Record<string, unknown>
        return { ...access, canAccessAdmin: access?.canAccessAdmin === true }
      },
    },
  }
}
