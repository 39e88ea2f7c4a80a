import type { AppConfig } from '@/config/appConfig'
import { loadConfig, variableValues } from './loadConfig'

/**
 * The configuration of this process, read from its environment: the one place in the
 * application that reads `process.env` (ESLint refuses it anywhere else). Called once where a
 * process starts: `payload.config.ts` for the app and the scripts that build on it.
 */
export function configFromEnvironment(): AppConfig {
  return loadConfig(process.env)
}

/** What the request proxy (`src/proxy.ts`) needs of the configuration. */
export type ProxySettings = {
  /** `PORTAL_FRAME_ANCESTORS`. */
  portalFrameAncestors: string[]
  /** `next dev`: its pages need `eval` and inject their styles. */
  isDevelopment: boolean
}

/**
 * The settings of the request proxy, read from this process's environment: the proxy runs
 * before Payload starts, so it cannot ask Payload for its configuration.
 */
export function proxySettingsFromEnvironment(): ProxySettings {
  const values = variableValues(process.env)
  return {
    portalFrameAncestors: values.PORTAL_FRAME_ANCESTORS ?? [],
    isDevelopment: process.env.NODE_ENV === 'development',
  }
}
