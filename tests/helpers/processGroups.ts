import type { ChildProcess, SpawnOptions } from 'node:child_process'

import { spawnScript } from '../../scripts/lib/processes'

/** Process groups this test process started and has not seen end. */
const groups = new Set<number>()

/** Ends a group, quietly when it is already gone. */
function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal)
  } catch {
    // ESRCH: nothing of the group is left.
  }
}

// Whatever a test leaves running (a failed assertion before its cleanup, say) ends with it.
process.once('exit', () => {
  for (const pid of groups) killGroup(pid, 'SIGKILL')
})

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
  options: Omit<SpawnOptions, 'env' | 'detached'> = {},
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
