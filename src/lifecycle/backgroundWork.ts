import { serverBridge } from './serverBridge'

/**
 * The background loops of this process (webhook worker, inquiry e-mail retry, order sweeper) and
 * the database pool they use, in one registry, so that whoever ends the process (the app
 * server on SIGTERM, `npm run worker`) stops them all, within one deadline, in the right order:
 * every loop first, the pool last. One registry per process, on the server bridge, so that
 * Next's separate bundles and the plain server script (`scripts/server.mjs`) share it.
 */
export type BackgroundTask = {
  name: string
  /** Stops the task; `deadline` (epoch ms) is when the process will exit regardless. */
  stop: (deadline: number) => Promise<void>
}

export type BackgroundWork = {
  /** Registers a task (replacing one of the same name); `last` tasks stop after the others. */
  add: (task: BackgroundTask, options?: { last?: boolean }) => void
  has: (name: string) => boolean
  names: () => string[]
  /**
   * Stops every task, the `last` ones after the others; a task still stopping at `deadline`
   * is reported, not waited for. Resolves with the names of those that did not stop cleanly.
   */
  stopAll: (deadline: number) => Promise<{ unfinished: string[] }>
}

export function backgroundWork(): BackgroundWork {
  return (serverBridge().backgroundWork ??= createRegistry())
}

function createRegistry(): BackgroundWork {
  const tasks = new Map<string, { task: BackgroundTask; isLast: boolean }>()
  const stopEach = async (entries: BackgroundTask[], deadline: number) => {
    const unfinished: string[] = []
    await Promise.all(
      entries.map(async (task) => {
        let timer: NodeJS.Timeout | undefined
        const lapse = new Promise<'lapsed'>((resolve) => {
          timer = setTimeout(() => resolve('lapsed'), Math.max(0, deadline - Date.now()))
        })
        const outcome = await Promise.race([
          task.stop(deadline).then(
            () => 'stopped' as const,
            () => 'failed' as const,
          ),
          lapse,
        ])
        clearTimeout(timer)
        if (outcome !== 'stopped') unfinished.push(`${task.name} (${outcome})`)
      }),
    )
    return unfinished
  }
  return {
    add: (task, { last = false } = {}) => void tasks.set(task.name, { task, isLast: last }),
    has: (name) => tasks.has(name),
    names: () => [...tasks.keys()],
    stopAll: async (deadline) => {
      const entries = [...tasks.values()]
      tasks.clear()
      const first = entries.filter((entry) => !entry.isLast).map((entry) => entry.task)
      const last = entries.filter((entry) => entry.isLast).map((entry) => entry.task)
      const unfinished = await stopEach(first, deadline)
      unfinished.push(...(await stopEach(last, deadline)))
      return { unfinished }
    },
  }
}
