import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { expect, inject } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { api, logIn } from './api'

const baseUrl = inject('baseUrl')
const credentials = seedCredentials()

/**
 * A page of the admin panel with the seeded editor logged in, through the login form. The
 * browser's clock shows UTC, so that a time typed into a date picker is the time meant.
 */
export async function logInAsEditor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    timezoneId: 'UTC',
    viewport: { width: 1440, height: 900 },
  })
  const page = await context.newPage()
  await logInThroughForm(page, credentials.editorEmail, credentials.editorPassword)
  return page
}

/** Logs `page` in to the admin panel as `email`, through the login form's labelled fields. */
export async function logInThroughForm(page: Page, email: string, password: string) {
  await page.goto(`${baseUrl}/admin/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => url.pathname === '/admin')
}

/** A Bearer token of the seeded editor, for the API calls a test prepares or checks with. */
export async function editorToken(): Promise<string> {
  const login = await logIn(credentials.editorEmail, credentials.editorPassword)
  expect(login.status).toBe(200)
  return login.body.token as string
}

/** A title no other test or run uses. */
export const uniqueTitle = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** An article created through the v1 API as the editor; its id. */
export async function createArticle(
  token: string,
  fields: { title: string; status: 'draft' | 'published' },
): Promise<number> {
  const authors = await api('/api/authors?limit=1&depth=0', { token })
  expect(authors.status).toBe(200)
  const created = await api('/api/v1/articles', {
    method: 'POST',
    token,
    body: {
      title: fields.title,
      slug: slugOf(fields.title),
      author_id: authors.body.docs[0].id,
      status: fields.status,
      excerpt: `An article of the editors' browser tests.`,
    },
  })
  expect(created.status).toBe(201)
  return created.body.data.id as number
}

/** What a consumer of the public API reads of an article (the published state). */
export async function publishedArticle(id: number) {
  return api(`/api/v1/articles/${id}`, { apiKey: credentials.consumerApiKey })
}

/**
 * A picture made on the spot (nothing downloaded): a sky, a sun and hills in the given colours,
 * as a JPEG of `width` x `height`.
 */
export async function pictureJpeg(
  colors: { sky: string; sun: string; hills: string },
  width = 1200,
  height = 800,
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${colors.sky}"/>
    <circle cx="${width * 0.7}" cy="${height * 0.3}" r="${height * 0.14}" fill="${colors.sun}"/>
    <path d="M0 ${height * 0.75} Q ${width * 0.25} ${height * 0.45} ${width * 0.5} ${height * 0.7}
      T ${width} ${height * 0.62} V ${height} H 0 Z" fill="${colors.hills}"/>
  </svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
}

/** An image uploaded to Media through Payload's REST API (as the admin panel sends it). */
export async function uploadMedia(
  token: string,
  file: { name: string; bytes: Buffer; alt: string },
) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: 'image/jpeg' }), file.name)
  form.append('_payload', JSON.stringify({ alt: file.alt }))
  const response = await fetch(`${baseUrl}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  expect(response.status).toBe(201)
  return (await response.json()).doc as { id: number; filename: string }
}

/** The publication status the document view shows ("Published", "Draft", "Changed"). */
export const shownStatus = (page: Page) => page.locator('.status__value')
