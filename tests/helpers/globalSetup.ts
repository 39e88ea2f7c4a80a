import type { TestProject } from 'vitest/node'

import { createDatabaseIfMissing } from '../../scripts/lib/embeddedPostgres'
import { runScript } from '../../scripts/lib/processes'
import { startTestServer } from './testDatabase'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Maintenance connection of the test server, for creating each file's database. */
    adminUrl: string
    /** Connection string of any database of the run, by name. */
    serverUrlTemplate: string
    /** Database holding the pushed schema, copied for every test file. */
    templateDatabase: string
  }
}

/**
 * Pushes the schema once into a template database (parallel files racing on a push fail),
 * in a child process (importing the Payload config inside vitest's global setup hangs).
 * Every test file then works on its own copy of it, so files never see each other's rows.
 */
export default async function setup(project: TestProject) {
  const server = await startTestServer()
  const templateDatabase = `${server.prefix}_template`
  try {
    await createDatabaseIfMissing(server.adminUrl, templateDatabase)
    await runScript('tests/helpers/pushSchema.ts', [], {
      DATABASE_URL: server.urlFor(templateDatabase),
      PAYLOAD_SECRET: 'integration-test-secret',
      PAYLOAD_DB_PUSH: 'true',
    })
  } catch (error) {
    await server.stop()
    throw error
  }
  project.provide('adminUrl', server.adminUrl)
  project.provide('serverUrlTemplate', server.urlFor('__database__'))
  project.provide('templateDatabase', templateDatabase)
  return () => server.stop()
}
