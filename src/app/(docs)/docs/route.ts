import { docsAssetUrl } from '@/docs/docsAssets'

const documentUrl = '/api/openapi.json'

// Everything the page loads comes from this app; the browser is told to refuse anything else.
const contentSecurityPolicy = [
  "default-src 'self'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** The API reference: Swagger UI, served from this app, rendering `GET /api/openapi.json`. */
export async function GET() {
  const [css, bundle, init, icon] = await Promise.all(
    ['swagger-ui.css', 'swagger-ui-bundle.js', 'init.js', 'favicon-32x32.png'].map(docsAssetUrl),
  )
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Content &amp; Shop API reference</title>
    <link rel="icon" type="image/png" href="${icon}" />
    <link rel="stylesheet" href="${css}" />
  </head>
  <body>
    <div id="swagger-ui" data-document-url="${documentUrl}"></div>
    <noscript>This reference needs JavaScript; the document itself is <a href="${documentUrl}">${documentUrl}</a>.</noscript>
    <script src="${bundle}"></script>
    <script src="${init}"></script>
  </body>
</html>
`
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      'content-security-policy': contentSecurityPolicy,
    },
  })
}
