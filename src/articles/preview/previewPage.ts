import { createHash } from 'node:crypto'

import { lexicalHtml } from './lexicalHtml'

/** The collections the live preview shows, and which of their fields hold what. */
export const previewFields = {
  articles: { summary: 'excerpt', body: 'body' },
  pages: { summary: 'description', body: 'content' },
} as const
export type PreviewCollection = keyof typeof previewFields

/** A draft as the preview page shows it, in `locale`. */
export type PreviewDocument = {
  collection: PreviewCollection
  locale: string
  /** The locale's name for people ("Russian"). */
  language: string
  title: string | null
  summary: string | null
  body: unknown
}

const escape = (text: unknown) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

const style = `body{font:1.05rem/1.6 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fff}
main{max-width:42rem;margin:0 auto;padding:1.5rem}
.note{font-size:.9rem;color:#4a4a4a;border-left:4px solid #2f5fb3;padding:.25rem .75rem;margin:0 0 1.5rem}
.summary{font-size:1.15rem;color:#333}
img{max-width:100%;height:auto}
a{color:#1d4ed8}`

/** Where the page's script is served (this app, same origin: nothing from another host). */
export const livePreviewScriptPath = '/preview/live.js'

/**
 * The preview page of a draft: plain HTML (readable without its script), its text in the
 * locale being edited, and the script that redraws it as the editor types. Its
 * Content-Security-Policy lets it load nothing but that script from this app, and be framed by
 * this app only (the admin panel's live preview).
 */
export function renderPreviewPage(doc: PreviewDocument): {
  html: string
  headers: Record<string, string>
} {
  const fields = previewFields[doc.collection]
  const html = `<!doctype html>
<html lang="${escape(doc.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Preview: ${escape(doc.title)}</title>
<style>${style}</style>
</head>
<body>
<main data-live-preview data-summary-field="${fields.summary}" data-body-field="${fields.body}">
<p class="note" role="status">Draft preview, ${escape(doc.language)}: it follows the editor as they type.</p>
<article>
<h1 data-field="title">${escape(doc.title)}</h1>
<p class="summary" data-field="summary">${escape(doc.summary)}</p>
<div data-field="body">${lexicalHtml(doc.body)}</div>
</article>
</main>
<script src="${livePreviewScriptPath}"></script>
</body>
</html>
`
  const styleHash = createHash('sha256').update(style).digest('base64')
  return {
    html,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-store',
      'Content-Language': doc.locale,
      'Content-Security-Policy': [
        "default-src 'none'",
        "script-src 'self'",
        `style-src 'sha256-${styleHash}'`,
        "img-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'self'",
      ].join('; '),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    },
  }
}

/**
 * The page's script: tells the admin panel it is ready (Payload's live preview protocol, a
 * `payload-live-preview` message), then redraws the title, summary and body from every message
 * of the form's values that comes from this app's own origin. The body is drawn by
 * `lexicalHtml`, the same function the server drew it with (its source, embedded).
 */
export function livePreviewScript(): string {
  return `(function () {
  'use strict';
  var lexicalHtml = ${lexicalHtml.toString()};
  var main = document.querySelector('main[data-live-preview]');
  if (!main || window.parent === window) return;
  var origin = window.location.origin;
  var field = function (name) { return main.querySelector('[data-field="' + name + '"]'); };
  window.addEventListener('message', function (event) {
    if (event.origin !== origin) return;
    var message = event.data;
    if (!message || message.type !== 'payload-live-preview' || !message.data) return;
    var data = message.data;
    var title = typeof data.title === 'string' ? data.title : '';
    field('title').textContent = title;
    document.title = 'Preview: ' + title;
    var summary = data[main.getAttribute('data-summary-field')];
    field('summary').textContent = typeof summary === 'string' ? summary : '';
    field('body').innerHTML = lexicalHtml(data[main.getAttribute('data-body-field')]);
  });
  window.parent.postMessage({ type: 'payload-live-preview', ready: true }, origin);
})();
`
}
