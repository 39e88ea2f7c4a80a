import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { build, type Loader, type Plugin } from 'esbuild'

import { projectRoot } from '../../scripts/lib/environment'

/**
 * The scripts the integration tests start as processes by the dozen (webhook workers in 25
 * starts, the schema push, the sweeper), compiled once a run so that each start runs plain
 * JavaScript. Under tsx, every module a script loads (thousands: Payload's packages) goes through
 * tsx's loader hooks on another thread: a worker's start took 6.3 s of CPU that way, 2.8 s
 * compiled (docs/benchmarks.md, "The test suite").
 *
 * The tests of how a script starts as an operator starts it (`tsx scripts/….ts`: the prompts it
 * refuses, the settings it stops on) still run it with tsx: only the starts that ask for a
 * compiled copy (tests/helpers/webhookWorkers.ts, the sweeper's, the schema push) get one.
 */
export const compiledScriptNames = [
  'scripts/worker.ts',
  'tests/helpers/pushSchema.ts',
  'tests/helpers/sweepOnce.ts',
] as const

export type CompiledScripts = Record<string, string>

// A module's own place stays its own: `import.meta.url` and `dirname` are where its source is,
// not where the bundle is (the Payload config finds its migrations next to itself).
const ownPlace: Plugin = {
  name: 'own-place',
  setup(compile) {
    compile.onLoad({ filter: /\.(ts|tsx|mts|mjs)$/ }, async ({ path: file }) => {
      if (file.includes(`${path.sep}node_modules${path.sep}`)) return undefined
      const source = await readFile(file, 'utf8')
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file)))
        .replaceAll('import.meta.filename', JSON.stringify(file))
      const extension = path.extname(file).slice(1)
      const loader: Loader =
        extension === 'mjs' ? 'js' : extension === 'mts' ? 'ts' : (extension as Loader)
      return { contents, loader, resolveDir: path.dirname(file) }
    })
  },
}

/**
 * Compiles `compiledScriptNames` into `directory`, which must lie inside the project so that
 * their packages (left out of the bundles) resolve from its node_modules as the sources' do.
 * Resolves to the compiled entry of each script, and a function that deletes them.
 */
export async function compileScripts(directory: string) {
  const entryOf = (script: string) => script.replace(/\.ts$/, '')
  await build({
    absWorkingDir: projectRoot,
    entryPoints: Object.fromEntries(compiledScriptNames.map((script) => [entryOf(script), script])),
    outdir: directory,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    tsconfig: path.join(projectRoot, 'tsconfig.json'),
    plugins: [ownPlace],
    logLevel: 'warning',
  })
  const scripts: CompiledScripts = Object.fromEntries(
    compiledScriptNames.map((script) => [script, path.join(directory, `${entryOf(script)}.mjs`)]),
  )
  return { scripts, remove: () => rm(directory, { recursive: true, force: true }) }
}
