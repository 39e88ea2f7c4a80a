import { afterEach, describe, expect, it, vi } from 'vitest'

import { getTestPayload } from '../helpers/payload'
import { configOf } from '../../src/config/appConfig'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('e-mail without SMTP settings', () => {
  it('is written to the log instead of failing', async () => {
    const payload = await getTestPayload()
    expect(configOf(payload).email.smtp).toBeUndefined()
    const logged: string[] = []
    vi.spyOn(console, 'info').mockImplementation((line: unknown) => void logged.push(String(line)))

    await expect(
      payload.sendEmail({
        to: 'reader@example.com',
        subject: 'Your order shipped',
        text: 'Parcel 42 is on its way',
      }),
    ).resolves.toBeDefined()

    const entry = logged.find((line) => line.startsWith('[email]'))
    expect(entry).toContain('"reader@example.com"')
    expect(entry).toContain('"Your order shipped"')
    expect(entry).toContain('Parcel 42 is on its way')
  })
})
