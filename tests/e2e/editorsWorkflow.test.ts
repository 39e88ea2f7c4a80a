import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink'
import { startApp, type StartedApp } from '../helpers/startApp'
import { launchBrowser } from './browser'
import { uniqueTitle } from './editorSession'

// Issue 53: editors work as a team. The app runs as a deployment has it by default (articles
// are published from "Approved" only), with its review e-mails going to a real SMTP server on
// loopback and its jobs queue looking every second. An author writes and submits, the editor
// is e-mailed, approves and publishes; releases go out at their time, all or nothing, and their
// page says how it went. SHOW_APP_OUTPUT=1 prints what the app server prints.
const showOutput = Boolean(process.env.SHOW_APP_OUTPUT)
const credentials = seedCredentials()

let app: StartedApp
let smtp: SmtpSink
let browser: Browser
let mediaDirectory: string

beforeAll(async () => {
  await mkdir('docs/images', { recursive: true })
  mediaDirectory = await mkdtemp(path.join(os.tmpdir(), 'e2e-workflow-media-'))
  smtp = await startSmtpSink()
  app = await startApp({
    showOutput,
    env: {
      REVIEW_REQUIRED_FOR: 'articles',
      REVIEW_NOTICE_INTERVAL_SECONDS: '0.5',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      JOBS_POLL_SECONDS: '1',
      MEDIA_DIRECTORY: mediaDirectory,
    },
  })
  browser = await launchBrowser({ alsoApps: [app.baseUrl] })
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
  if (mediaDirectory) await rm(mediaDirectory, { recursive: true, force: true })
})

/** A JSON request to the app of this file: the status and parsed body. */
async function call(
  urlPath: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${app.baseUrl}${urlPath}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: response.status, body: await response.json().catch(() => null) }
}

async function tokenOf(email: string, password: string) {
  const login = await call('/api/users/login', { method: 'POST', body: { email, password } })
  expect(login.status, JSON.stringify(login.body)).toBe(200)
  return { token: login.body.token as string, id: login.body.user.id as number }
}

/** A page of the admin panel logged in as `email` through the login form, its clock in UTC. */
async function adminPanelAs(email: string, password: string): Promise<Page> {
  const context = await browser.newContext({
    timezoneId: 'UTC',
    viewport: { width: 1440, height: 900 },
  })
  const page = await context.newPage()
  await page.goto(`${app.baseUrl}/admin/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => url.pathname === '/admin')
  return page
}

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** The first author (the people articles are signed by), as the seed made them. */
async function writerId(token: string) {
  const authors = await call('/api/authors?limit=1&depth=0', { token })
  expect(authors.status).toBe(200)
  return authors.body.docs[0].id as number
}

/** A draft article made through Payload's REST API, in English, at `stage`; its id. */
async function draftArticle(token: string, title: string, stage: 'draft' | 'approved') {
  const created = await call('/api/articles?draft=true&locale=en', {
    method: 'POST',
    token,
    body: { title, slug: slugOf(title), author: await writerId(token), _status: 'draft' },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const id = created.body.doc.id as number
  if (stage === 'approved') {
    const approved = await call(`/api/articles/${id}?draft=true`, {
      method: 'PATCH',
      token,
      body: { reviewStage: 'approved' },
    })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
  }
  return id
}

/** A draft page in English and Russian; its id. */
async function draftPage(token: string, title: string, russianTitle: string) {
  const created = await call('/api/pages?draft=true&locale=en', {
    method: 'POST',
    token,
    body: { title, slug: slugOf(title), _status: 'draft' },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const id = created.body.doc.id as number
  const russian = await call(`/api/pages/${id}?draft=true&locale=ru`, {
    method: 'PATCH',
    token,
    body: { title: russianTitle },
  })
  expect(russian.status, JSON.stringify(russian.body)).toBe(200)
  return id
}

/** A product not on sale yet; its id. */
async function hiddenProduct(token: string, name: string) {
  const created = await call('/api/products', {
    method: 'POST',
    token,
    body: { name, slug: slugOf(name), price: 1200, stock: 5, active: false },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.doc.id as number
}

type Line = { relationTo: 'articles' | 'pages' | 'products'; value: number; locale: string }

/** A release of `lines`, each published, made through Payload's REST API; its id. */
async function newRelease(token: string, name: string, lines: Line[]) {
  const created = await call('/api/releases', {
    method: 'POST',
    token,
    body: {
      name,
      items: lines.map((line) => ({
        document: { relationTo: line.relationTo, value: line.value },
        action: 'publish',
        locale: line.locale,
      })),
    },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.doc.id as number
}

/** The document as its readers' side of Payload's REST API sees it (published, in `locale`). */
const stored = async (token: string, collection: string, id: number, locale = 'en') =>
  (await call(`/api/${collection}/${id}?depth=0&locale=${locale}&draft=true`, { token })).body

/** Picks `option` in the react-select of the sidebar field `field`. */
async function choose(page: Page, field: string, option: string) {
  await page.locator(`${field} .rs__control`).click()
  await page.locator('.rs__option', { hasText: option }).first().click()
}

/** The release's page: the readiness panel and its rows. */
const releasePanel = (page: Page) => page.locator('.release-readiness')

describe('editors working as a team', () => {
  it(
    'an author writes and submits; the editor is e-mailed, approves and publishes; the author cannot publish',
    { timeout: 120_000 },
    async () => {
      const admin = await tokenOf(credentials.adminEmail, credentials.adminPassword)
      const editor = await tokenOf(credentials.editorEmail, credentials.editorPassword)
      const authorEmail = `author-${Date.now().toString(36)}@example.com`
      const authorPassword = 'author-password-53'
      const made = await call('/api/users', {
        method: 'POST',
        token: admin.token,
        body: { email: authorEmail, password: authorPassword, role: 'author', name: 'Ada Author' },
      })
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      const author = await tokenOf(authorEmail, authorPassword)

      // The author writes a new article and saves it as a draft.
      const title = uniqueTitle('Harbour timetable')
      const page = await adminPanelAs(authorEmail, authorPassword)
      await page.goto(`${app.baseUrl}/admin/collections/articles/create?locale=en`)
      await page.locator('#field-title').fill(title)
      await page.locator('#field-author').click()
      await page.locator('.rs__option').first().click()
      await page.getByRole('button', { name: 'Save Draft' }).click()
      await page.waitForURL((url) => /^\/admin\/collections\/articles\/\d+$/.test(url.pathname))
      const id = Number(new URL(page.url()).pathname.split('/').pop())
      expect((await stored(editor.token, 'articles', id)).reviewStage).toBe('draft')

      // No Publish (nor Schedule Publish) for an author, and the API refuses the publication.
      await page.locator('.review-stage').waitFor()
      expect(await page.getByRole('button', { name: /publish/i }).count()).toBe(0)
      expect(await page.locator('#action-save').count()).toBe(0)
      const refused = await call(`/api/articles/${id}`, {
        method: 'PATCH',
        token: author.token,
        body: { _status: 'published' },
      })
      expect(refused.status).toBe(403)

      // The author submits it: In review, assigned to the editor (saved by autosave).
      await choose(page, '.review-stage', 'In review')
      await choose(page, '#field-assignee', credentials.editorEmail)
      await expect
        .poll(
          async () => {
            const doc = await stored(editor.token, 'articles', id)
            return [doc.reviewStage, doc.assignee]
          },
          { timeout: 20_000, interval: 500 },
        )
        .toEqual(['in-review', editor.id])
      await page.screenshot({ path: 'docs/images/workflow-author-submits.png' })

      // The editor is e-mailed, with a link to the article.
      const mail = await smtp.waitFor(
        (each) => each.to.includes(credentials.editorEmail) && each.raw.includes(title),
        20_000,
      )
      expect(mail.subject).toContain('In review')
      expect(mail.raw).toContain(`/admin/collections/articles/${id}`)

      // The editor finds it on the review board, assigned to them, and opens it.
      const editorPage = await adminPanelAs(credentials.editorEmail, credentials.editorPassword)
      // The navigation links to the board (the menu may be folded away: the link is there).
      expect(await editorPage.locator('#nav-review-board').getAttribute('href')).toBe(
        '/admin/review',
      )
      await editorPage.goto(`${app.baseUrl}/admin/review`)
      await editorPage.getByRole('link', { name: 'Assigned to me' }).click()
      await editorPage.waitForURL(/\/admin\/review\?mine=1$/)
      const card = editorPage.locator(
        `[data-review-column="in-review"] [data-review-card="articles-${id}"]`,
      )
      await card.waitFor()
      // Assigned to the editor (by name, or e-mail when the account has none), not "Nobody assigned".
      expect(await card.innerText()).toMatch(/Assigned to \S/)
      await editorPage.screenshot({ path: 'docs/images/workflow-review-board.png' })
      await card.getByRole('link', { name: title }).click()
      await editorPage.waitForURL(new RegExp(`/admin/collections/articles/${id}`))

      // Not yet approved: the API refuses the editor's publication too.
      const early = await call(`/api/articles/${id}`, {
        method: 'PATCH',
        token: editor.token,
        body: { _status: 'published' },
      })
      expect(early.status).toBe(403)

      // The editor approves it, then publishes it.
      await choose(editorPage, '.review-stage', 'Approved')
      await expect
        .poll(async () => (await stored(editor.token, 'articles', id)).reviewStage, {
          timeout: 20_000,
          interval: 500,
        })
        .toBe('approved')
      await editorPage.locator('#action-save').click()
      await expect
        .poll(() => editorPage.locator('.status__value').textContent(), { timeout: 20_000 })
        .toBe('Published')
      await editorPage.screenshot({ path: 'docs/images/workflow-editor-publishes.png' })
      const published = await call(`/api/articles/${id}?depth=0`, { token: editor.token })
      expect(published.body).toMatchObject({ _status: 'published', reviewStage: 'approved' })
      await page.context().close()
      await editorPage.context().close()
    },
  )

  it(
    'a release of three documents in two languages goes out at its time, and its page says so',
    { timeout: 90_000 },
    async () => {
      const editor = await tokenOf(credentials.editorEmail, credentials.editorPassword)
      const articleTitle = uniqueTitle('Opening hours')
      const article = await draftArticle(editor.token, articleTitle, 'approved')
      const shownPage = await draftPage(editor.token, uniqueTitle('Delivery'), 'Доставка')
      const product = await hiddenProduct(editor.token, uniqueTitle('Winter scarf'))
      const releaseId = await newRelease(editor.token, 'Winter launch', [
        { relationTo: 'articles', value: article, locale: 'en' },
        { relationTo: 'pages', value: shownPage, locale: 'ru' },
        { relationTo: 'products', value: product, locale: 'all' },
      ])

      // Before: each document, its stage, and whether it is ready.
      const page = await adminPanelAs(credentials.editorEmail, credentials.editorPassword)
      await page.goto(`${app.baseUrl}/admin/collections/releases/${releaseId}`)
      const panel = releasePanel(page)
      await panel.waitFor()
      expect(await panel.locator('caption').innerText()).toBe('3 of 3 documents ready.')
      expect(await panel.locator('tbody tr[data-ready="yes"]').count()).toBe(3)
      const rows = await panel.locator('tbody tr').allInnerTexts()
      expect(rows[0]).toContain(articleTitle)
      expect(rows[0]).toContain('Approved')
      expect(rows[1]).toContain('Publish in Russian')
      await page.screenshot({ path: 'docs/images/workflow-release-ready.png' })

      // Scheduled a few seconds ahead; the app's job runner releases it at its time.
      const at = new Date(Date.now() + 3_000).toISOString()
      const scheduled = await call(`/api/releases/${releaseId}`, {
        method: 'PATCH',
        token: editor.token,
        body: { releaseAt: at },
      })
      expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200)
      await expect
        .poll(
          async () => {
            await page.reload()
            return panel.getAttribute('data-release-status')
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe('released')
      const outcome = await panel.getByTestId('release-outcome').innerText()
      expect(outcome).toMatch(/^Released on .+\. 3 documents released\.$/)
      expect(await page.getByRole('button', { name: 'Release now' }).count()).toBe(0)
      await page.screenshot({ path: 'docs/images/workflow-release-released.png' })

      const publishedArticle = await call(`/api/articles/${article}?depth=0&locale=en`, {
        token: editor.token,
      })
      expect(publishedArticle.body).toMatchObject({ title: articleTitle, _status: 'published' })
      const forReaders = await call(`/api/pages/${shownPage}?locale=ru&depth=0`)
      expect(forReaders.status).toBe(200)
      expect(forReaders.body).toMatchObject({ title: 'Доставка', _status: 'published' })
      expect((await stored(editor.token, 'products', product)).active).toBe(true)
      await page.context().close()
    },
  )

  it(
    'a release with one document not ready publishes none, and its page names the document and why',
    { timeout: 90_000 },
    async () => {
      const editor = await tokenOf(credentials.editorEmail, credentials.editorPassword)
      const ready = await draftArticle(editor.token, uniqueTitle('Spring menu'), 'approved')
      const shownPage = await draftPage(editor.token, uniqueTitle('Returns'), 'Возврат')
      const notReviewedTitle = uniqueTitle('Price list')
      const notReviewed = await draftArticle(editor.token, notReviewedTitle, 'draft')
      const releaseId = await newRelease(editor.token, 'Spring launch', [
        { relationTo: 'articles', value: ready, locale: 'all' },
        { relationTo: 'pages', value: shownPage, locale: 'ru' },
        { relationTo: 'articles', value: notReviewed, locale: 'all' },
      ])

      const page = await adminPanelAs(credentials.editorEmail, credentials.editorPassword)
      await page.goto(`${app.baseUrl}/admin/collections/releases/${releaseId}`)
      const panel = releasePanel(page)
      await panel.waitFor()
      expect(await panel.locator('caption').innerText()).toBe('2 of 3 documents ready.')
      const blocked = panel.locator('tbody tr[data-ready="no"]')
      expect(await blocked.count()).toBe(1)
      expect(await blocked.innerText()).toContain(notReviewedTitle)
      expect(await blocked.innerText()).toContain('Not approved yet')

      // Release now, confirmed, by keyboard: the focus moves to the confirmation.
      await page.getByRole('button', { name: 'Release now' }).click()
      const confirm = page.getByRole('button', { name: 'Yes, release now' })
      await expect
        .poll(() => confirm.evaluate((node) => node === document.activeElement))
        .toBe(true)
      expect(await page.getByText('1 is not ready: the release will fail').count()).toBe(1)
      await page.screenshot({ path: 'docs/images/workflow-release-confirm.png' })
      const answered = page.waitForResponse(
        (response) => new URL(response.url()).pathname === `/api/releases/${releaseId}/release`,
      )
      await page.keyboard.press('Enter')
      const answer = await answered
      expect(answer.status(), await answer.text()).toBe(409)
      const said = page.locator('.release-now__outcome')
      await expect
        .poll(() => said.innerText(), { timeout: 20_000 })
        .toContain('Nothing was released.')
      expect(await said.innerText()).toContain(notReviewedTitle)

      // After the reload, the page says the release failed, naming the document and why.
      await expect
        .poll(() => panel.getAttribute('data-release-status'), { timeout: 20_000 })
        .toBe('failed')
      const outcome = await panel.getByTestId('release-outcome').innerText()
      expect(outcome).toContain('The release failed: nothing was published or unpublished.')
      expect(outcome).toContain(`articles ${notReviewed} ("${notReviewedTitle}")`)
      expect(outcome).toContain('Approved')
      // The form below has loaded too (the picture is for docs/content.md).
      await expect.poll(() => page.locator('#field-name').inputValue()).toBe('Spring launch')
      await page.screenshot({ path: 'docs/images/workflow-release-failed.png' })

      // None of the three changed.
      expect((await stored(editor.token, 'articles', ready))._status).toBe('draft')
      expect((await stored(editor.token, 'pages', shownPage, 'ru'))._status).toBe('draft')
      expect((await stored(editor.token, 'articles', notReviewed))._status).toBe('draft')
      await page.context().close()
    },
  )
})
