import { isConsumer, type Principal } from './roles'

/** A principal with the grants a consumer holds (`consumers.grants`). */
type WithGrants =
  (NonNullable<Principal> & { grants?: readonly string[] | null }) | null | undefined

/** Whether `principal` is an API consumer holding `grant`. */
export const holdsGrant = (principal: WithGrants, grant: string): boolean =>
  isConsumer(principal) && (principal?.grants ?? []).includes(grant)

/** The grants in `before` that `after` no longer has: what an update revoked. */
export const revokedGrants = (
  before: readonly string[] | null | undefined,
  after: readonly string[] | null | undefined,
): string[] => (before ?? []).filter((grant) => !(after ?? []).includes(grant))
