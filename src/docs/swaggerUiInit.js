// Starts Swagger UI on the /docs page; a file of its own so that the page needs no inline
// script. The document's URL comes from the page, and nothing is fetched from another host.
const root = document.getElementById('swagger-ui')
window.ui = window.SwaggerUIBundle({
  url: root.dataset.documentUrl,
  domNode: root,
  deepLinking: true,
  // The public validator would be sent the whole document (and is unreachable offline).
  validatorUrl: null,
})
