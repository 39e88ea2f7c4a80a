import os from 'node:os'

import sharp, { type Sharp } from 'sharp'
import { describe, expect, it } from 'vitest'

import { imageWorkerPriority, imageWorkerThreads, sharpAtLowPriority } from './sharpAtLowPriority'

/** Three sizes of a noisy 2400x1600 JPEG, made at once as Payload makes an upload's sizes. */
async function resizeThrough(make: (input: Buffer) => Sharp) {
  const photo = await sharp({
    create: {
      width: 2400,
      height: 1600,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer()
  return Promise.all(
    [320, 768, 1600].map((width) =>
      make(photo).clone().resize({ width }).webp({ quality: 80 }).toBuffer({
        resolveWithObject: true,
      }),
    ),
  )
}

const priorities = () => imageWorkerThreads().map((thread) => os.getPriority(thread))

describe.runIf(process.platform === 'linux')('sharpAtLowPriority', () => {
  it('leaves the libvips worker threads at the lowest priority once they have resized, where plain sharp leaves them at the normal one', async () => {
    await resizeThrough((input) => sharp(input))
    expect(priorities().length).toBeGreaterThan(0)
    expect(priorities().every((priority) => priority === 0)).toBe(true)

    const made = await resizeThrough((input) => sharpAtLowPriority(input))
    expect(made.map(({ info }) => info.width)).toEqual([320, 768, 1600])
    expect(priorities().length).toBeGreaterThan(0)
    expect(priorities().every((priority) => priority === imageWorkerPriority)).toBe(true)
    // Six resizes of a large image: 2.8 s on a quiet machine, over 5 s beside busy test files.
  }, 30_000)
})
