import { serverBridge, type BackgroundTask, type BackgroundWork } from '@/runtime/serverBridge'

/** This process's registry of background work, on the server bridge (made on first use). */
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
