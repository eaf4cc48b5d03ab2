// bridgedesk table terminal: accepted results wait in this phone's storage until the
// server has answered, and are resent with their idempotency key (a retry never stores
// a second result).  Without this script the pages still work as plain forms.
(function () {
  "use strict";
  var KEY = "bridgedesk.queue";
  var busy = false;

  function load() {
    try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { return []; }
  }
  function save(queue) { localStorage.setItem(KEY, JSON.stringify(queue)); }
  function csrf() {
    var meta = document.querySelector('meta[name="csrf"]');
    return meta ? meta.getAttribute("content") : "";
  }

  function showQueue() {
    var box = document.getElementById("queue");
    if (!box) { return; }
    var queue = load();
    box.hidden = queue.length === 0;
    box.textContent = (box.getAttribute("data-template") || "{n}").replace("{n}", queue.length);
    // a board waiting to be sent is not offered again
    queue.forEach(function (item) {
      var input = document.querySelector('#board-choice input[value="' + item.body.board + '"]');
      var panel = document.getElementById("panel");
      if (input && panel && panel.getAttribute("data-round") === String(item.body.round)) {
        input.closest("label").hidden = true;
        if (input.checked) {
          input.checked = false;
          var other = document.querySelector("#board-choice label:not([hidden]) input");
          if (other) { other.checked = true; }
        }
      }
    });
  }

  function showError(message) {
    var panel = document.getElementById("panel");
    if (!panel) { return; }
    var p = document.createElement("p");
    p.className = "box error";
    p.setAttribute("role", "alert");
    p.textContent = message;  // text, never markup
    panel.insertBefore(p, panel.firstChild);
  }

  function refresh() {
    if (window.htmx && document.getElementById("panel")) {
      return window.htmx.ajax("GET", "/t/table/panel", { target: "#panel", swap: "outerHTML" });
    }
    return Promise.resolve();
  }

  function flush() {
    if (busy) { return Promise.resolve(); }
    busy = true;
    var errors = [];
    var sent = 0;
    function next() {
      var queue = load();
      if (queue.length === 0) { return Promise.resolve(); }
      var item = queue[0];
      return fetch("/api/table/results", {
        method: "POST",
        credentials: "same-origin",
        headers: {
          "Content-Type": "application/json",
          "Idempotency-Key": item.key,
          "X-CSRF-Token": csrf()
        },
        body: JSON.stringify(item.body)
      }).then(function (response) {
        if (response.status >= 500 || response.status === 401) {
          throw new Error("later");  // keep it: the server or the login comes back
        }
        var rest = load().filter(function (other) { return other.key !== item.key; });
        save(rest);
        sent += 1;
        if (response.status !== 201) {
          return response.json().then(function (body) { errors.push(body.error); },
                                      function () { errors.push(response.statusText); })
            .then(next);
        }
        return next();
      });
    }
    return next().catch(function () { /* offline: tried again later */ }).then(function () {
      busy = false;
      if (sent > 0) {
        return refresh().then(function () { errors.forEach(showError); showQueue(); });
      }
      showQueue();
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches('form[data-queue="yes"]')) { return; }
    event.preventDefault();
    var data = new FormData(form);
    var body = {};
    ["round", "board", "ns", "ew", "contract", "declarer", "result", "lead"].forEach(function (name) {
      var value = data.get(name);
      body[name] = value === null || value === "" ? null : value;
    });
    var queue = load();
    if (!queue.some(function (item) { return item.key === data.get("key"); })) {
      queue.push({ key: data.get("key"), body: body });
      save(queue);
    }
    form.remove();
    showQueue();
    flush();
  });

  document.addEventListener("htmx:afterSwap", showQueue);
  window.addEventListener("online", flush);
  document.addEventListener("DOMContentLoaded", function () { showQueue(); flush(); });
  setInterval(flush, 3000);
  window.bridgedeskQueue = { load: load, flush: flush };
})();
