// bridgedesk live results: listen for "update" (server-sent events) and swap in the new
// content with htmx; the browser reconnects by itself when the stream ends.
(function () {
  "use strict";
  function start() {
    var root = document.getElementById("live-root");
    if (!root || !window.EventSource) { return; }
    var source = new EventSource(root.getAttribute("data-events"));
    source.addEventListener("update", function () {
      if (window.htmx) {
        window.htmx.ajax("GET", root.getAttribute("data-fragment"),
                         { target: "#live", swap: "outerHTML" });
      } else {
        window.location.reload();
      }
    });
  }
  document.addEventListener("DOMContentLoaded", start);
})();
