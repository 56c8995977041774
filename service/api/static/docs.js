// Starts Swagger UI on the service's own document (kept out of the page so that the
// page's Content-Security-Policy can forbid inline scripts).
window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: document.body.dataset.spec,
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: "StandaloneLayout",
  });
});
