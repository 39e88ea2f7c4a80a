import { describe, expect, it } from 'vitest'

import { spawnInGroup } from '../helpers/processGroups'
import { eventually } from '../helpers/webhookReceiver'

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('processes a test starts', () => {
  // Before: a test that killed its script's parent left the child running (seen 12 minutes
  // later, pointing at a dropped database).
  it('leave nothing behind: what a started script left running ends when the script does', async () => {
    const child = spawnInGroup(
      'tests/helpers/leaveOrphan.ts',
      [],
      {},
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let printed = ''
    child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()))
    await new Promise((resolve) => child.once('close', resolve))
    const orphan = Number(printed.trim())
    expect(orphan).toBeGreaterThan(0)
    await eventually(() => !isAlive(orphan), 5_000)
  })
})
