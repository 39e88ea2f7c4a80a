import type { ChildProcess } from 'node:child_process'

import { createLocalReq, type Payload } from 'payload'

import { startupAttempts, startupTimeoutExitCode } from '../../scripts/lib/startupWatchdog'
import { inTransaction } from '../../src/db/transaction'
import type { WebhookEventName } from '../../src/webhooks/eventCatalogue'
import { emitEvent } from '../../src/webhooks/operations/emitEvent'
import { compiledScript } from './compiledScript'
import { signalGroup, spawnInGroup } from './processGroups'

/** Emits `count` business events of `type` in one transaction; `data(i)` gives each one's data. */
export async function emitEvents(
  payload: Payload,
  args: {
    type: WebhookEventName
    count: number
    data?: (index: number) => Record<string, unknown>
  },
) {
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
    /**
     * Starts `npm run worker`'s script on this file's database; resolves once it runs. A start
     * that stalls or hangs ends itself with exit code 75 (`startupWatchdog`: at once when its
     * module loading stalls, after 40 s otherwise) and is tried again, up to `startupAttempts` times in all.
     */
    async start(env: Record<string, string> = {}): Promise<ChildProcess> {
      for (let attempt = 1; ; attempt++) {
        const child = spawnInGroup(
          'scripts/worker.ts',
          [],
          { WEBHOOK_POLL_MS: '100', SCRIPT_START_TIMEOUT_SECONDS: '40', ...env },
          { stdio: ['ignore', 'pipe', 'pipe'], compiled: compiledScript('scripts/worker.ts') },
        )
        children.push(child)
        let printed = ''
        const outcome = await new Promise<'running' | number | null>((resolve) => {
          const onData = (chunk: Buffer) => {
            printed += chunk.toString()
            output.push(chunk.toString())
            if (printed.includes('Webhook worker running')) resolve('running')
          }
          child.stdout!.on('data', onData)
          child.stderr!.on('data', onData)
          child.once('exit', (code) => resolve(code))
        })
        if (outcome === 'running') return child
        if (outcome !== startupTimeoutExitCode || attempt >= startupAttempts) {
          throw new Error(`worker exited with ${outcome}: ${printed}`)
        }
      }
    },
    /** Everything the workers printed so far. */
    printed: () => output.join(''),
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
