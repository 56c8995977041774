// Starts Swagger UI on the service's own document (kept out of the page so that the
// page's Content-Security-Policy can forbid inline scripts).
//
// The base layout, without the standalone top bar: the bar's address field and
// download button only serve to load another document, and were unlabelled. Deep links
// are off because they put a link inside each operation's button, which no keyboard or
// screen reader can use apart from the button.
window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: document.body.dataset.spec,
    dom_id: "#swagger-ui",
    deepLinking: false,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
  // A list Swagger UI draws without a name (the servers, a response's media type) is
  // named after the label or heading it sits under. An operation's button is named by
  // what it shows (method, path and summary): Swagger UI's own name for it, the method
  // and path alone, hid the summary a reader sees from speech input and screen readers.
  new MutationObserver(function () {
    document.querySelectorAll("#swagger-ui button.opblock-summary-control[aria-label]").forEach(function (button) {
      button.removeAttribute("aria-label");
    });
    document.querySelectorAll("#swagger-ui select:not([aria-label])").forEach(function (select) {
      var holder = select.closest(".servers") ? "Servers" : select.closest(".response-controls, .responses-inner")
        ? "Media type of the response" : select.closest(".body-param-content-type, .opblock-section-request-body")
          ? "Media type of the request body" : "Choice";
      if (!select.labels || !select.labels.length) select.setAttribute("aria-label", holder);
    });
  }).observe(document.getElementById("swagger-ui"), { childList: true, subtree: true });
});
