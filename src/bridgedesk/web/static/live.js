// bridgedesk live results: listen for "update" (server-sent events) and swap in the new
// content with htmx; the browser reconnects by itself when the stream ends.  One fetch at
// a time: updates that arrive while one is under way are answered by one more fetch when
// it ends (the newest content has them all), so a busy evening costs the server one
// request per page and change at most, and fewer when changes come faster than pages.
(function () {
  "use strict";
  function start() {
    var root = document.getElementById("live-root");
    if (!root || !window.EventSource) { return; }
    var busy = false;
    var again = false;
    function fetchNow() {
      if (!window.htmx) { window.location.reload(); return; }
      if (busy) { again = true; return; }
      busy = true;
      again = false;
      window.htmx.ajax("GET", root.getAttribute("data-fragment"),
                       { target: "#live", swap: "outerHTML" }).finally(function () {
        busy = false;
        if (again) { fetchNow(); }
      });
    }
    var source = new EventSource(root.getAttribute("data-events"));
    source.addEventListener("update", fetchNow);
  }
  document.addEventListener("DOMContentLoaded", start);
})();
