import type { AppConfig } from './appConfig'
import { loadConfig } from './loadConfig'

/**
 * The configuration of this process, read from its environment: the one place in the
 * application that reads `process.env` (ESLint refuses it anywhere else). Called once where a
 * process starts: `payload.config.ts` for the app and the scripts that build on it.
 */
export function configFromEnvironment(): AppConfig {
  return loadConfig(process.env)
}
