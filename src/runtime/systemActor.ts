import { AsyncLocalStorage } from 'node:async_hooks'

const systemWork = new AsyncLocalStorage<string>()

/**
 * Runs `work` as the system's (`name` says which part: `scheduled publication`,
 * `order sweeper`, `Stripe webhook`): the audit trail records the system as the actor of every
 * write made inside it, whatever user a nested Local API call names (Payload's scheduled
 * publication publishes as the user who scheduled it).
 */
export function asSystem<T>(name: string, work: () => T): T {
  return systemWork.run(name, work)
}

/** The part of the system the running code works for, when it runs inside `asSystem`. */
export function systemWorkName(): string | undefined {
  return systemWork.getStore()
}
