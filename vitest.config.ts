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
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
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
