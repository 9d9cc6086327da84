// The start of /docs (parlour serve --api-docs): Swagger UI on this server's schema. A file, not an inline script,
// so that the page's Content-Security-Policy holds no 'unsafe-inline' for scripts (server/api_docs.py).
window.ui = window.SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  presets: [window.SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  deepLinking: true,
});
