// bridgedesk live results: listen for "update" (server-sent events) and swap in the new
// content with htmx; the browser reconnects by itself when the stream ends.  Each "update"
// (and the "hello" a stream starts with) carries the event's version, the one the content
// carries in its data-version: a version already shown is not fetched again (the stream
// can say "hello" with a version this page missed while it was away: it is fetched;
// content that carries no version is fetched on every "update").
// One fetch at a time: updates that arrive while one is under way are answered by one
// more fetch when it ends, unless the content it brought is the newest announced, so a
// busy evening costs the server one request per page and change at most, and fewer when
// changes come faster than pages.
(function () {
  "use strict";
  function start() {
    var root = document.getElementById("live-root");
    if (!root || !window.EventSource) { return; }
    var busy = false;
    var again = false;
    var wanted = null;
    function shown() {
      var live = document.getElementById("live");
      return live ? live.getAttribute("data-version") : null;
    }
    function fetchNow() {
      if (!window.htmx) { window.location.reload(); return; }
      if (busy) { again = true; return; }
      busy = true;
      again = false;
      window.htmx.ajax("GET", root.getAttribute("data-fragment"),
                       { target: "#live", swap: "outerHTML" }).finally(function () {
        busy = false;
        if (again && wanted !== shown()) { fetchNow(); }
      });
    }
    function announced(event) {
      wanted = event.data;
      if (wanted !== shown()) { fetchNow(); }
    }
    function hello(event) {  // content without a data-version (a team's) waits for an update
      if (shown() !== null) { announced(event); }
    }
    var source = new EventSource(root.getAttribute("data-events"));
    source.addEventListener("hello", hello);
    source.addEventListener("update", announced);
  }
  document.addEventListener("DOMContentLoaded", start);
})();
