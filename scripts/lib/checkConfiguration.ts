import type { AppConfig } from '../../src/config/appConfig'
import { configFromEnvironment } from '../../src/composition/configFromEnvironment'
import { ConfigError } from '../../src/config/readVariables'

/**
 * Reads and checks the whole configuration before anything starts: a value that cannot work (a
 * lease shorter than the longest send, a port that is not a number) prints what to change and
 * exits 2, instead of a process that fails later or silently does something else.
 */
export function checkConfiguration(): AppConfig {
  try {
    return configFromEnvironment()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(`Invalid configuration: ${error.message}`)
    process.exit(2)
  }
}
