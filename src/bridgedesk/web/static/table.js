// bridgedesk table terminal, in the phone.
//
// * The score of a slip is shown by the page itself: the contract's score is looked up
//   in the server's table of every contract's score (/t/scores.json, kept in this
//   phone), so the opponents check it with or without the network.  A slip the page
//   cannot vouch for (a board it does not offer, a missing field) goes to the server's
//   own check (/t/preview), as without this script.
// * An accepted result waits in this phone's storage until the server has answered,
//   and is resent with its idempotency key (a retry never stores a second result);
//   the same for a team table's room results.
// * A service worker (/t/sw.js) keeps the terminal's page and scripts, so a closed
//   tab opens again without the network (where the browser allows service workers:
//   HTTPS, or this computer).
// * Offline, the page says so with the number of results waiting.
// Without this script the pages still work as plain forms.
(function () {
  "use strict";
  var KEY = "bridgedesk.queue";
  var SCORES = "bridgedesk.scores";
  var busy = false;
  var offline = !navigator.onLine;
  var entryForm = null;  // the entry form, kept while its confirmation is shown

  function load() {
    try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { return []; }
  }
  function save(queue) { localStorage.setItem(KEY, JSON.stringify(queue)); }
  function csrf() {
    var meta = document.querySelector('meta[name="csrf"]');
    return meta ? meta.getAttribute("content") : "";
  }
  function words() { return (document.getElementById("words") || { dataset: {} }).dataset; }
  function newKey() {
    if (window.crypto && window.crypto.randomUUID) { return window.crypto.randomUUID(); }
    return String(Date.now()) + "-" + String(Math.random()).slice(2);
  }

  // -- the table of scores ---------------------------------------------------------------

  function scores() {
    try { return JSON.parse(localStorage.getItem(SCORES) || "null"); } catch (e) { return null; }
  }
  function fetchScores() {
    if (scores() || !document.getElementById("panel")) { return; }
    fetch("/t/scores.json", { credentials: "same-origin" }).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (text) {
      if (text) { localStorage.setItem(SCORES, text); }
    }).catch(function () { /* offline: the service worker's copy, or the server's preview */ });
  }

  // NS's score of a slip, or null when the page cannot tell (the server is asked then).
  function nsScore(slip) {
    if (slip.contract === "PASS") { return 0; }
    var table = scores();
    if (!table || !table.scores[slip.contract]) { return null; }
    var level = parseInt(slip.contract.charAt(0), 10);
    var offset = slip.result === "=" ? 0 : parseInt(slip.result, 10);
    if (isNaN(offset)) { return null; }
    var tricks = level + 6 + offset;
    if (tricks < 0 || tricks > 13) { return null; }
    var side = slip.declarer === "N" || slip.declarer === "S" ? "NS" : "EW";
    var vul = table.vulnerable[side][(slip.board - 1) % 16] ? 1 : 0;
    var score = table.scores[slip.contract][vul][tricks];
    return side === "NS" ? score : -score;
  }

  // -- the queue ---------------------------------------------------------------------------

  function showQueue() {
    var box = document.getElementById("queue");
    if (!box) { return; }
    var queue = load();
    box.hidden = queue.length === 0 && !offline;
    var template = offline ? box.getAttribute("data-offline") : box.getAttribute("data-template");
    box.textContent = (template || "{n}").replace("{n}", queue.length);
    box.classList.toggle("offline", offline);
    var panel = document.getElementById("panel");
    var round = panel ? panel.getAttribute("data-round") : null;
    // a board waiting to be sent is not offered again
    queue.forEach(function (item) {
      if (String(item.body.round) !== round) { return; }
      var input = document.querySelector('#board-choice input[value="' + item.body.board + '"]');
      if (input) {
        input.closest("label").hidden = true;
        if (input.checked) {
          input.checked = false;
          var other = document.querySelector("#board-choice label:not([hidden]) input");
          if (other) { other.checked = true; }
        }
      }
      var option = document.querySelector('#team-entry select[name="board"] option[value="' + item.body.board + '"]');
      if (option) { option.remove(); }
    });
    var choice = document.getElementById("board-choice");
    var form = choice ? choice.closest("form") : document.querySelector("#team-entry");
    var left = choice ? choice.querySelectorAll("label:not([hidden])").length
      : document.querySelectorAll('#team-entry select[name="board"] option').length;
    if (form) { form.hidden = left === 0; }
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

  function refresh(done) {
    if (document.getElementById("seats")) {
      // a team table's page is rendered whole, saying what was stored last
      var query = done ? "?done=" + encodeURIComponent(
        "result " + done.id + ": board " + done.board + " " + done.result) : "";
      window.location.assign("/t/team" + query);
      return Promise.resolve();
    }
    if (window.htmx && document.getElementById("panel")) {
      return window.htmx.ajax("GET", "/t/table/panel", { target: "#panel", swap: "outerHTML" });
    }
    return Promise.resolve();
  }

  function setOffline(value) {
    if (offline !== value) { offline = value; showQueue(); }
  }

  function flush() {
    if (busy) { return Promise.resolve(); }
    busy = true;
    var errors = [];
    var sent = 0;
    var done = null;
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
        setOffline(false);
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
        return response.json().then(function (body) { done = body; }, function () {}).then(next);
      }, function (error) {
        setOffline(true);
        throw error;
      });
    }
    return next().catch(function () { /* offline: tried again later */ }).then(function () {
      busy = false;
      if (sent > 0 && errors.length && document.getElementById("team-entry")) {
        errors.forEach(showError);  // the room's refusal stays in sight, beside the form
        showQueue();
        return;
      }
      if (sent > 0) {
        return refresh(done).then(function () { errors.forEach(showError); showQueue(); });
      }
      showQueue();
    });
  }

  function enqueue(key, body) {
    var queue = load();
    if (!queue.some(function (item) { return item.key === key; })) {
      queue.push({ key: key, body: body });
      save(queue);
    }
  }

  // -- the confirmation, made here ------------------------------------------------------------

  function slipOf(form) {
    var data = new FormData(form);
    var level = data.get("level");
    var panel = document.getElementById("panel");
    if (!panel) { return null; }
    // the boards the server says the table plays now (not what a stale form holds)
    var offered = (panel.getAttribute("data-boards") || "").split(" ");
    var board = data.get("board");
    if (!level || !board || offered.indexOf(String(board)) < 0) { return null; }
    var slip = {
      round: data.get("round"), board: parseInt(board, 10),
      ns: panel.getAttribute("data-ns"), ew: panel.getAttribute("data-ew"),
      contract: "PASS", declarer: null, result: null,
      lead: ((data.get("lead") || "").trim().toUpperCase()) || null
    };
    if (level !== "PASS") {
      if (!data.get("strain") || !data.get("declarer") || !data.get("result")) { return null; }
      slip.contract = level + data.get("strain") + (data.get("doubled") || "");
      slip.declarer = data.get("declarer");
      slip.result = data.get("result");
    } else {
      slip.lead = null;
    }
    return slip;
  }

  function contractText(slip) {
    var w = words();
    if (slip.contract === "PASS") { return w.passed; }
    var shown = { C: "♣", D: "♦", H: "♥", S: "♠" };
    var level = slip.contract.charAt(0);
    var rest = slip.contract.slice(1);
    var strain = rest.indexOf("NT") === 0 ? "NT" : rest.charAt(0);
    var doubled = rest.slice(strain.length);
    var lead = slip.lead ? " (" + w.lead + " " + slip.lead + ")" : "";
    return level + (shown[strain] || strain) + doubled + " " + slip.declarer + " " + slip.result + lead;
  }

  function scoreText(score) {
    var w = words();
    if (score === 0) { return "0"; }
    return (score > 0 ? w.ns : w.ew) + " +" + Math.abs(score);
  }

  function confirmLocally(form) {
    var slip = slipOf(form);
    if (!slip) { return false; }
    var score = nsScore(slip);
    var template = document.getElementById("confirm-template");
    if (score === null || !template) { return false; }
    var shown = template.content.firstElementChild.cloneNode(true);
    shown.querySelector('[data-slot="board"]').textContent = slip.board;
    shown.querySelector('[data-slot="contract"]').textContent = contractText(slip);
    shown.querySelector('[data-slot="score"]').textContent = scoreText(score);
    shown.querySelector('input[name="key"]').value = newKey();
    ["round", "board", "ns", "ew", "contract", "declarer", "result", "lead"].forEach(function (name) {
      var input = shown.querySelector('input[name="' + name + '"]');
      if (input) { input.value = slip[name] === null ? "" : slip[name]; }
    });
    entryForm = form;
    form.replaceWith(shown);
    return true;
  }

  function backToEntry(confirmation) {
    if (entryForm) { confirmation.replaceWith(entryForm); entryForm = null; }
  }

  function bodyOf(form) {
    var data = new FormData(form);
    var body = {};
    ["round", "board", "ns", "ew", "contract", "declarer", "result", "lead"].forEach(function (name) {
      var value = data.get(name);
      if (value !== null) { body[name] = value === "" ? null : value; }
    });
    return body;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches) { return; }
    if (form.matches("form#entry:not([data-queue])") && /\/t\/preview$/.test(form.getAttribute("action") || "")) {
      // shown here, not by the server: stop htmx's request before it starts
      if (confirmLocally(form)) { event.preventDefault(); event.stopPropagation(); }
      return;
    }
    if (!form.matches('form[data-queue="yes"]')) { return; }
    event.preventDefault();
    event.stopPropagation();
    var key = form.querySelector('input[name="key"]');
    enqueue(key.value, bodyOf(form));
    if (form.id === "team-entry") {
      key.value = newKey();  // the next room result is a new request
      form.reset();
    } else if (entryForm) {
      form.replaceWith(entryForm);  // the next board, with this one waiting
      entryForm.reset();
      entryForm = null;
    } else {
      form.remove();
    }
    showQueue();
    flush();
  }, true);

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (target && target.matches && target.matches('[data-action="back"]')) {
      backToEntry(target.closest("form"));
    }
  });
  // the server's preview could not be reached: say so, never nothing
  document.addEventListener("htmx:sendError", function () {
    setOffline(true);
    showError(words().unsent || "offline");
  });

  document.addEventListener("htmx:afterSwap", showQueue);
  window.addEventListener("online", function () { setOffline(false); flush(); });
  window.addEventListener("offline", function () { setOffline(true); });
  document.addEventListener("DOMContentLoaded", function () {
    showQueue();
    fetchScores();
    flush();
    if ("serviceWorker" in navigator && document.getElementById("panel")) {
      navigator.serviceWorker.register("/t/sw.js", { scope: "/t/" }).catch(function () {});
    }
  });
  setInterval(flush, 3000);
  window.bridgedeskQueue = { load: load, flush: flush, score: nsScore };
})();
