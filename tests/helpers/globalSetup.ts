import path from 'node:path'

import type { TestProject } from 'vitest/node'

import { createDatabaseIfMissing } from '../../scripts/lib/embeddedPostgres'
import { projectRoot } from '../../scripts/lib/environment'
import { runScript } from '../../scripts/lib/processes'
import { compileScripts, type CompiledScripts } from './compiledScripts'
import { startTestServer } from './testDatabase'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Maintenance connection of the test server, for creating each file's database. */
    adminUrl: string
    /** Connection string of any database of the run, by name. */
    serverUrlTemplate: string
    /** Database holding the pushed schema, copied for every test file. */
    templateDatabase: string
    /** Compiled copies of the scripts the tests start as processes, by script. */
    compiledScripts: CompiledScripts
  }
}

/**
 * Pushes the schema once into a template database (parallel files racing on a push fail),
 * in a child process (importing the Payload config inside vitest's global setup hangs).
 * Every test file then works on its own copy of it, so files never see each other's rows.
 */
export default async function setup(project: TestProject) {
  // Inside the project, so that the compiled scripts find its packages (a directory a run).
  const compiling = compileScripts(
    path.join(projectRoot, 'node_modules/.cache/test-scripts', String(process.pid)),
  )
  const [server, compiled] = await Promise.all([startTestServer(), compiling])
  const templateDatabase = `${server.prefix}_template`
  const stop = async () => {
    await server.stop()
    await compiled.remove()
  }
  try {
    await createDatabaseIfMissing(server.adminUrl, templateDatabase)
    await runScript(
      'tests/helpers/pushSchema.ts',
      [],
      {
        DATABASE_URL: server.urlFor(templateDatabase),
        PAYLOAD_SECRET: 'integration-test-secret',
        PAYLOAD_DB_PUSH: 'true',
      },
      { compiled: compiled.scripts['tests/helpers/pushSchema.ts'] },
    )
  } catch (error) {
    await stop()
    throw error
  }
  project.provide('adminUrl', server.adminUrl)
  project.provide('serverUrlTemplate', server.urlFor('__database__'))
  project.provide('templateDatabase', templateDatabase)
  project.provide('compiledScripts', compiled.scripts)
  return stop
}
