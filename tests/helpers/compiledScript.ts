import { inject } from 'vitest'

// Apart from processGroups.ts and compiledScripts.ts: the global set-ups import those, and
// vitest cannot be imported there.

/**
 * The compiled copy of `script` this run of the integration tests made
 * (tests/helpers/compiledScripts.ts), to start it without tsx; undefined elsewhere.
 */
export function compiledScript(script: string): string | undefined {
  return inject('compiledScripts')?.[script]
}
