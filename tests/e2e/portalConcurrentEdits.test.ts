import pg from 'pg'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { api } from './api'
import { launchBrowser } from './browser'
import { adminToken, createConsumer, openPortal, portalLink, portalPage } from './portalHelpers'

// Two people of one integrator editing the same endpoint in the portal, or a person editing it
// while the service disables it: the later save is refused (the portal sends the version it
// showed as If-Unmodified-Since) and the page shows the latest version instead of overwriting it.

const baseUrl = inject('baseUrl')
let browser: Browser
let database: pg.Client
let consumer: Awaited<ReturnType<typeof createConsumer>>

beforeAll(async () => {
  browser = await launchBrowser()
  database = new pg.Client({ connectionString: inject('databaseUrl') })
  await database.connect()
  consumer = await createConsumer(await adminToken(), 'Two-person team')
})

afterAll(async () => {
  await browser?.close()
  await database?.end()
})

/** An endpoint last changed a few seconds ago (HTTP dates count whole seconds). */
async function endpointFromEarlier() {
  const created = await api('/webhooks/subscriptions', {
    method: 'POST',
    apiKey: consumer.apiKey,
    body: { endpoint_url: 'https://hooks.example.com/team', events: ['order.paid'] },
  })
  expect(created.status).toBe(201)
  await database.query(
    `UPDATE webhook_subscriptions SET updated_at = now() - interval '5 seconds' WHERE id = $1`,
    [created.body.id],
  )
  return created.body.id as string
}

/** A person of the team with the endpoint's edit form open. */
async function personEditing(id: string) {
  const person = await portalPage(browser)
  await openPortal(person.page, (await portalLink(consumer.apiKey)).url)
  await person.page.goto(`${baseUrl}/portal/endpoints/${id}`)
  await person.page.getByRole('button', { name: 'Edit endpoint' }).click()
  return person
}

async function saveDescription(page: Page, description: string) {
  await page.getByLabel('Description').fill(description)
  await page.getByRole('button', { name: 'Save changes' }).click()
}

const storedDescription = async (id: string) =>
  (await api(`/webhooks/subscriptions/${id}`, { apiKey: consumer.apiKey })).body.data
    .description as string | null

describe('two people editing one endpoint in the portal', () => {
  it("refuses the second save, shows the first person's version, and saves it once redone", async () => {
    const id = await endpointFromEarlier()
    const ana = await personEditing(id)
    const boris = await personEditing(id)

    await saveDescription(ana.page, 'Ana: production orders')
    await ana.page.getByText('Your changes are saved.').waitFor()
    await saveDescription(boris.page, 'Boris: staging')
    const alert = boris.page.getByRole('alert').filter({ hasText: 'changed after you opened it' })
    await alert.waitFor()
    expect(await storedDescription(id)).toBe('Ana: production orders')
    // The form now holds the latest version, Ana's, for Boris to change again.
    await expect
      .poll(() => boris.page.getByLabel('Description').inputValue())
      .toBe('Ana: production orders')

    await saveDescription(boris.page, 'Boris: staging')
    await boris.page.getByText('Your changes are saved.').waitFor()
    expect(await storedDescription(id)).toBe('Boris: staging')
    expect(ana.violations.concat(boris.violations, ana.errors, boris.errors)).toEqual([])
    await ana.context.close()
    await boris.context.close()
  })

  it('does not let a save made on a stale form re-enable or hide an endpoint the service disabled meanwhile', async () => {
    const id = await endpointFromEarlier()
    const person = await personEditing(id)
    // What the worker writes when the 100th failure in a row disables the endpoint.
    await database.query(
      `UPDATE webhook_subscriptions
          SET is_active = false, disabled_at = now(), failure_count = 100, updated_at = now()
        WHERE id = $1`,
      [id],
    )
    await saveDescription(person.page, 'edited while it was failing')
    await person.page.getByRole('alert').filter({ hasText: 'the service disabled it' }).waitFor()
    await person.page
      .getByText(/^Disabled/)
      .first()
      .waitFor()
    const stored = await api(`/webhooks/subscriptions/${id}`, { apiKey: consumer.apiKey })
    expect(stored.body.data.is_active).toBe(false)
    expect(stored.body.data.description).toBeNull()
    await person.context.close()
  })
})
