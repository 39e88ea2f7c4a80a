import type { TestProject } from 'vitest/node'

import { startApp } from '../helpers/startApp'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the production build of the app answers. */
    baseUrl: string
  }
}

/** The app as `npm start` serves it, on a throwaway database, for the browser tests. */
export default async function setup(project: TestProject) {
  const app = await startApp({ showOutput: true })
  project.provide('baseUrl', app.baseUrl)
  return app.stop
}
