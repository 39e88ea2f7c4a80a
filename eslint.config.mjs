import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTypescript from 'eslint-config-next/typescript'

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    ignores: [
      '.next/**',
      '.data/**',
      'node_modules/**',
      'migrations/**',
      'src/payload-types.ts',
      'src/app/(payload)/**',
      'next-env.d.ts',
    ],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Configuration is read once, by src/composition (configFromEnvironment), and passed in: nothing
    // else in the application reads the environment. Scripts, benchmarks and tests are entry
    // points of their own processes and may.
    files: [
      'src/**/*.{ts,tsx}',
      'collections/**/*.ts',
      'endpoints/**/*.ts',
      'hooks/**/*.ts',
      'payload.config.ts',
    ],
    ignores: ['src/composition/configFromEnvironment.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            "Read settings from the configuration (configOf(payload), or the settings passed in); declare a new variable in its domain's settings.ts and list it in src/composition/variables.ts.",
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
]

export default config
