import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import type { AppConfig } from '../../src/config/appConfig'
import { projectRoot } from './environment'
import { startupAttempts, startupTimeoutExitCode } from './startupWatchdog'

// tsx as a loader of this very process (not its CLI, which runs the script in a child): a
// signal sent to the process, SIGKILL included, reaches the script itself, and nothing is
// left running when the parent is killed.
const tsxLoader = pathToFileURL(path.join(projectRoot, 'node_modules/tsx/dist/loader.mjs')).href
const next = path.join(projectRoot, 'node_modules/next/dist/bin/next')

/**
 * The resolution condition every script of the project runs with (`package.json` passes the same
 * to tsx). Only lexical's packages answer to it; they then resolve to their production build
 * instead of a `*.node.mjs` entry whose top-level `await import()` of that build left the
 * importing script unsettled (exit 13). Measured with `npm run migrate:check`, four at once:
 * without it 4 of 58 starts exited 13 (one of them failed a CI run); with it 0 of 58.
 */
export const productionConditions = ['--conditions=production']

/** How a script starts: `compiled`, a compiled copy of it to run with plain node instead of tsx. */
export type ScriptOptions = Omit<SpawnOptions, 'env'> & { compiled?: string }

/** Starts a TypeScript script of the project with tsx; output goes to this terminal by default. */
export function spawnScript(
  script: string,
  args: string[] = [],
  env: Record<string, string | undefined> = {},
  { compiled, ...options }: ScriptOptions = {},
): ChildProcess {
  // Lexical's packages are named by their production build (`productionConditions`), compiled
  // or under tsx: their default entry for node waits at top level on a dynamic import of that
  // build, which under Node 20 leaves the import unsettled (exit 13) now and then.
  const entry = compiled
    ? [...productionConditions, compiled]
    : [...productionConditions, '--import', tsxLoader, path.join(projectRoot, script)]
  return spawn(process.execPath, [...entry, ...args], {
    cwd: projectRoot,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...env },
  })
}

/**
 * Runs a TypeScript script to completion; a non-zero exit is an error, never ignored. A script
 * that did not finish starting (exit code 75, see `startupWatchdog`) is started again, up to
 * `startupAttempts` times in all.
 */
export async function runScript(
  script: string,
  args: string[] = [],
  env: Record<string, string | undefined> = {},
  options: Pick<ScriptOptions, 'compiled'> = {},
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await untilSuccess(spawnScript(script, args, env, options), script)
    } catch (error) {
      const isStartTimeout = (error as { exitCode?: unknown }).exitCode === startupTimeoutExitCode
      if (!isStartTimeout || attempt >= startupAttempts) throw error
      console.error(`${script} did not finish starting; starting it again`)
    }
  }
}

/** Runs `next <args>` (e.g. `build`) to completion. */
export function runNext(args: string[]) {
  const child = spawn(process.execPath, [next, ...args], { cwd: projectRoot, stdio: 'inherit' })
  return untilSuccess(child, `next ${args.join(' ')}`)
}

function untilSuccess(child: ChildProcess, name: string) {
  return new Promise<void>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            Object.assign(new Error(`${name} exited with ${signal ?? code}`), { exitCode: code }),
          ),
    )
  })
}

/**
 * Starts the app's server (`scripts/server.mjs`: Next.js `dev` or `start` behind the server
 * that records each request's peer address) in the foreground of this process, on the
 * configuration's port, with its shutdown bound.
 */
export function startNext(
  command: 'dev' | 'start',
  config: Pick<AppConfig, 'server' | 'shutdownMs'>,
): ChildProcess {
  const server = path.join(projectRoot, 'scripts/server.mjs')
  const { url, adminOrigins, trustedProxyHops } = config.server
  const args = [
    ...[command, '--port', String(config.server.port)],
    ...['--shutdown-seconds', String(config.shutdownMs / 1000)],
    // Whose pages may change something with the app's cookies (src/http/cookieOrigin.mjs).
    ...(url ? ['--server-url', url] : []),
    ...(adminOrigins.length ? ['--admin-origins', adminOrigins.join(',')] : []),
    ...['--trusted-proxy-hops', String(trustedProxyHops)],
  ]
  return spawn(process.execPath, [server, ...args], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: process.env,
  })
}

/**
 * Keeps this process alive for as long as `child` runs, forwards Ctrl-C and SIGTERM to it,
 * then runs `cleanup` (stopping the embedded database) and exits with the child's code.
 */
export function superviseUntilExit(child: ChildProcess, cleanup: () => Promise<void>) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => child.kill(signal))
  }
  child.once('exit', async (code, signal) => {
    await cleanup().catch((error: unknown) => console.error(error))
    process.exit(code ?? (signal ? 1 : 0))
  })
}
