import { readdirSync, readFileSync } from 'node:fs'

import type pg from 'pg'

/** Clock ticks a second of /proc's utime and stime (USER_HZ: 100 on every Linux this runs on). */
const ticksPerSecond = 100

/**
 * CPU time, in ms, spent so far by this process and by every `postgres` process on this machine
 * (the database server of a bench on loopback: its backends, WAL writer, checkpointer). Read
 * from /proc, so `postgres` is 0 where the server is elsewhere or /proc is absent. The server's
 * time is kept per process (`postgresByPid`), so that `cpuSpent` counts only what each spent
 * between the readings: a backend that exits in between takes its time with it, and would
 * otherwise take away everything it spent before the first reading too.
 *
 * With `serverPid` (from `postgresServerPid`), only that server's processes count (it and its
 * children): on a machine shared with other PostgreSQL servers, theirs stay out of the figure.
 */
export function cpuTimes(serverPid?: number): {
  node: number
  /** Of `node`, this process's main thread (the event loop): the rest is V8's and libuv's threads. */
  nodeMain: number
  postgres: number
  postgresByPid: Map<string, number>
} {
  const usage = process.cpuUsage()
  let postgresTicks = 0
  const postgresByPid = new Map<string, number>()
  let entries: string[] = []
  try {
    entries = readdirSync('/proc')
  } catch {
    // no /proc: only this process is measured
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue // exited meanwhile
    }
    const { name, parentPid, ticks } = parseStat(stat)
    if (name !== 'postgres') continue
    if (serverPid && Number(entry) !== serverPid && parentPid !== serverPid) continue
    postgresTicks += ticks
    postgresByPid.set(entry, (ticks / ticksPerSecond) * 1000)
  }
  return {
    node: (usage.user + usage.system) / 1000,
    nodeMain: mainThreadMs(),
    postgres: (postgresTicks / ticksPerSecond) * 1000,
    postgresByPid,
  }
}

/**
 * What the benches read of a /proc `stat` line (a process's or a thread's): its command name, its
 * parent's id, and the CPU it has used, in clock ticks. After "pid (comm) ", field 3 is the
 * state, 4 the parent; utime and stime are fields 14 and 15.
 */
function parseStat(stat: string) {
  const close = stat.lastIndexOf(')')
  const fields = stat.slice(close + 2).split(' ')
  return {
    name: stat.slice(stat.indexOf('(') + 1, close),
    parentPid: Number(fields[1]),
    ticks: Number(fields[11]) + Number(fields[12]),
  }
}

/**
 * CPU time of this process's main thread so far, in ms (/proc's task of the process's own id; in
 * ticks of 10 ms, enough for rounds of a second or more). Without /proc, the whole process's.
 */
function mainThreadMs(): number {
  try {
    const { ticks } = parseStat(readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8'))
    return (ticks / ticksPerSecond) * 1000
  } catch {
    const usage = process.cpuUsage()
    return (usage.user + usage.system) / 1000
  }
}

/**
 * CPU time spent between two `cpuTimes()` readings, in ms: the server's, summed over the
 * processes alive at the second reading (those started in between count from 0).
 */
export const cpuSpent = (
  before: ReturnType<typeof cpuTimes>,
  after: ReturnType<typeof cpuTimes>,
) => {
  let postgres = 0
  for (const [pid, ms] of after.postgresByPid) {
    postgres += ms - (before.postgresByPid.get(pid) ?? 0)
  }
  return { node: after.node - before.node, nodeMain: after.nodeMain - before.nodeMain, postgres }
}

/**
 * The process id of the PostgreSQL server `pool` is connected to (the parent of its backend),
 * where that server runs on this machine; otherwise undefined (then `cpuTimes` counts every
 * `postgres` process).
 */
export async function postgresServerPid(pool: pg.Pool): Promise<number | undefined> {
  const { rows } = await pool.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`)
  try {
    const { name, parentPid } = parseStat(readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8'))
    return name === 'postgres' ? parentPid : undefined
  } catch {
    return undefined
  }
}
