// bridgedesk table terminal's service worker (served as /t/sw.js, scope /t/): keeps the
// terminal's pages, scripts and table of scores, so that a closed tab opens again
// with the network down.  Pages are asked of the network first (the table's round
// moves on) and the last copy is shown when it cannot answer; the scripts, the style
// and the scores are kept and refreshed in the background.
"use strict";
var CACHE = "bridgedesk-table-1";
var KEPT = ["/static/table.js", "/static/htmx.min.js", "/static/web.css", "/t/scores.json"];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(KEPT).catch(function () { /* filled as they are fetched */ });
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function keep(request, response) {
  if (response && response.ok && !response.redirected && response.type === "basic") {
    var copy = response.clone();
    caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
  }
  return response;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (KEPT.indexOf(url.pathname) >= 0) {
    // kept: answered at once from the cache, refreshed behind
    event.respondWith(caches.match(request, { ignoreSearch: true }).then(function (found) {
      var fresh = fetch(request).then(function (r) { return keep(request, r); });
      return found || fresh;
    }));
    return;
  }
  if (request.mode === "navigate" && (url.pathname === "/t/table" || url.pathname === "/t/team")) {
    event.respondWith(fetch(request).then(function (r) { return keep(request, r); }, function () {
      return caches.match(request, { ignoreSearch: true }).then(function (found) {
        return found || caches.match("/t/table") || caches.match("/t/team");
      });
    }));
  }
});
