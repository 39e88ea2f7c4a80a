import { availableParallelism } from 'node:os'
import path from 'node:path'

import { defineConfig } from 'vitest/config'

const root = import.meta.dirname

export default defineConfig({
  resolve: {
    alias: [
      { find: '@payload-config', replacement: path.join(root, 'payload.config.ts') },
      { find: /^@\//, replacement: `${path.join(root, 'src')}/` },
    ],
  },
  test: {
    // One test process runs many files in turn (the pool does not isolate them), so the packages
    // every file loads (Payload, drizzle, the AWS SDK, sharp...) are loaded once per process
    // instead of once per file: 2 to 3 s of CPU a file. Each project still isolates its files
    // from each other: vitest evaluates the project's own modules afresh for every file
    // (`isolate: true` below), tests/helpers/endPreviousFile.ts ends what the previous file left
    // running (its Payload and connections included), and each file gets its own database.
    poolOptions: { forks: { isolate: false } },
    // (`npm run test:e2e` keeps one process a file and one file at a time: browsers and servers.)
    // Integration files spend most of their time waiting (on workers, leases, receivers): two run
    // at once even on two cores (vitest's default there is one). Three at once on two cores kept
    // both busy, was slower (459 s against 410 s) and twice ended with a test process terminated
    // mid-file ("Terminating worker thread"), cause not found (docs/benchmarks.md).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          poolOptions: { forks: { isolate: true } },
          include: ['src/**/*.spec.ts', 'tests/docs/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['tests/int/**/*.test.ts'],
          globalSetup: ['tests/helpers/globalSetup.ts'],
          setupFiles: ['tests/helpers/testEnvironment.ts'],
          pool: 'forks',
          poolOptions: { forks: { isolate: true } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
})
