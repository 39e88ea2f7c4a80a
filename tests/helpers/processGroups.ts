import type { ChildProcess } from 'node:child_process'

import { spawnScript, type ScriptOptions } from '../../scripts/lib/processes'

/** Ends a group, quietly when it is already gone. */
function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal)
  } catch {
    // ESRCH: nothing of the group is left.
  }
}

type StartedGroups = { groups: Set<number>; stop: () => void }
const slots = globalThis as unknown as Record<symbol, StartedGroups | true | undefined>
const slot = Symbol.for('content-shop.testProcessGroups')
const exitHook = Symbol.for('tests.processGroupsExitHook')

/**
 * Process groups the running test file started and has not seen end. They live on `globalThis`,
 * where the next file of the same test process ends them (tests/helpers/endPreviousFile.ts).
 */
const groups = ((slots[slot] as StartedGroups | undefined) ??= {
  groups: new Set<number>(),
  stop() {
    for (const pid of this.groups) killGroup(pid, 'SIGKILL')
    this.groups.clear()
  },
}).groups

// Whatever a test leaves running (a failed assertion before its cleanup, say) ends with its file
// (above) or, for the last file, with the test process.
if (!slots[exitHook]) {
  slots[exitHook] = true
  process.once('exit', () => (slots[slot] as StartedGroups | undefined)?.stop())
}

/**
 * Starts a project script as the leader of a process group of its own, so that every process
 * it starts (an app server, an embedded PostgreSQL) can be ended with it: when the leader
 * exits, whatever is left of its group is killed; and when this test process exits, every
 * group it started is.
 */
export function spawnInGroup(
  script: string,
  args: string[] = [],
  env: Record<string, string | undefined> = {},
  options: Omit<ScriptOptions, 'detached'> = {},
): ChildProcess {
  const child = spawnScript(script, args, env, { ...options, detached: true })
  const pid = child.pid
  if (pid === undefined) return child
  groups.add(pid)
  child.once('exit', () => {
    killGroup(pid, 'SIGKILL')
    groups.delete(pid)
  })
  return child
}

/** Sends `signal` to every process of `child`'s group. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid !== undefined) killGroup(child.pid, signal)
}

/**
 * Runs a project script (in a group of its own) to its exit: what it printed and its exit code.
 * `stdin: 'pipe'` leaves its standard input an open pipe nobody writes to, as a service
 * manager or CI does (no terminal, no answer ever).
 */
export function runToExit(
  script: string,
  env: Record<string, string> = {},
  { stdin = 'ignore' }: { stdin?: 'ignore' | 'pipe' } = {},
) {
  const child = spawnInGroup(script, [], env, { stdio: [stdin, 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  )
}
