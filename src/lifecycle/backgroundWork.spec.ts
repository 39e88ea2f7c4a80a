import { describe, expect, it } from 'vitest'

import { backgroundWork } from './backgroundWork'

describe('backgroundWork', () => {
  it('is one registry per process, whoever asks', () => {
    expect(backgroundWork()).toBe(backgroundWork())
  })

  it('stops every task, the last ones after the others, and forgets them', async () => {
    const work = backgroundWork()
    const order: string[] = []
    work.add({ name: 'pool', stop: async () => void order.push('pool') }, { last: true })
    work.add({
      name: 'worker',
      stop: () =>
        new Promise((resolve) => setTimeout(() => resolve(void order.push('worker')), 30)),
    })
    work.add({ name: 'notifier', stop: async () => void order.push('notifier') })
    expect(work.names().sort()).toEqual(['notifier', 'pool', 'worker'])

    expect(await work.stopAll(Date.now() + 5_000)).toEqual({ unfinished: [] })
    expect(order).toEqual(['notifier', 'worker', 'pool'])
    expect(work.names()).toEqual([])
  })

  it('does not wait past the deadline, and names what did not stop or failed to', async () => {
    const work = backgroundWork()
    work.add({ name: 'stuck', stop: () => new Promise(() => {}) })
    work.add({ name: 'broken', stop: () => Promise.reject(new Error('no')) })
    work.add({ name: 'fine', stop: async () => {} })
    const { unfinished } = await work.stopAll(Date.now() + 100)
    expect(unfinished.sort()).toEqual(['broken (failed)', 'stuck (lapsed)'])
  })

  it('keeps one task per name (a hot reload registering again replaces it)', async () => {
    const work = backgroundWork()
    const stopped: string[] = []
    work.add({ name: 'worker', stop: async () => void stopped.push('old') })
    work.add({ name: 'worker', stop: async () => void stopped.push('new') })
    await work.stopAll(Date.now() + 1_000)
    expect(stopped).toEqual(['new'])
  })
})
