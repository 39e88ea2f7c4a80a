import type { ChildProcess } from 'node:child_process'

import { createLocalReq, type Payload } from 'payload'

import { signalGroup, spawnInGroup } from './processGroups'

/** Emits `count` business events of `type` in one transaction; `data(i)` gives each one's data. */
export async function emitEvents(
  payload: Payload,
  args: { type: string; count: number; data?: (index: number) => Record<string, unknown> },
) {
  const { emitEvent } = await import('../../src/webhooks/operations/emitEvent')
  const { inTransaction } = await import('../../src/db/transaction')
  const req = await createLocalReq({}, payload)
  await inTransaction(req, async () => {
    for (let index = 1; index <= args.count; index++) {
      const data = args.data?.(index) ?? { id: index }
      await emitEvent({ req, type: args.type, data })
    }
  })
}

/** Worker processes started by a test file, with what they printed (to explain a failure). */
export function workerProcesses() {
  const children: ChildProcess[] = []
  const output: string[] = []
  return {
    /** Starts `npm run worker`'s script on this file's database; resolves once it runs. */
    async start(env: Record<string, string> = {}) {
      const child = spawnInGroup(
        'scripts/worker.ts',
        [],
        { WEBHOOK_POLL_MS: '100', ...env },
        { stdio: ['ignore', 'pipe', 'pipe'] },
      )
      children.push(child)
      let printed = ''
      await new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          printed += chunk.toString()
          output.push(chunk.toString())
          if (printed.includes('Webhook worker running')) resolve()
        }
        child.stdout!.on('data', onData)
        child.stderr!.on('data', onData)
        child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${printed}`)))
        // A start that hangs fails here, with what the worker printed, not at the test's timeout.
        setTimeout(() => reject(new Error(`worker not running after 60 s: ${printed}`)), 60_000)
      })
      return child
    },
    /** Lines the workers printed that mention an error or a failure. */
    errors: () =>
      output
        .join('')
        .split('\n')
        .filter((line) => /error|fail/i.test(line))
        .slice(0, 20)
        .join('\n'),
    /** SIGKILLs every worker still running, with anything it started. */
    killAll: () => {
      for (const child of children) if (child.exitCode === null) signalGroup(child, 'SIGKILL')
    },
  }
}
