// Live pages (docs/live.md): elements made by {% live_connect %} hold one event stream; their
// descendants with hx-trigger="sse:changed, live:poll" re-fetch when a followed topic changes.
// While the stream is down (or the browser has no EventSource) this polls instead; the server
// answers 304 while nothing changed, and an unchanged response is not swapped in again (so a
// half-filled form is not reset by a poll).
(function () {
  "use strict";
  var lastTag = new Map();

  function poll(container) {
    container.querySelectorAll('[hx-trigger*="live:poll"]').forEach(function (el) {
      htmx.trigger(el, "live:poll");
    });
  }

  function watch(container) {
    if (container.dataset.liveWatched) return;
    container.dataset.liveWatched = "1";
    var open = false;
    var seconds = parseInt(container.dataset.livePoll, 10) || 30;
    container.addEventListener("htmx:sseOpen", function () { open = true; });
    container.addEventListener("htmx:sseError", function () { open = false; });
    window.setInterval(function () {
      if (!open || !window.EventSource) poll(container);
    }, seconds * 1000);
  }

  function scan(root) {
    if (root.matches && root.matches("[data-live-poll]")) watch(root);
    if (root.querySelectorAll) root.querySelectorAll("[data-live-poll]").forEach(watch);
  }

  // A stream closing is expected, not an error: a WSGI server answers 204 at once and an ASGI
  // one ends each stream after LIVE_STREAM_SECONDS (the browser reconnects); the page polls
  // meanwhile. htmx logs every htmx:sseError with console.error, so the SSE extension's error
  // handler runs here with that one log silenced (its htmx:sseError event still fires).
  if (window.htmx && window.EventSource) {
    var createEventSource = htmx.createEventSource;
    htmx.createEventSource = function (url) {
      var source = createEventSource(url);
      var handler = null;
      Object.defineProperty(source, "onerror", {
        get: function () { return handler; },
        set: function (fn) { handler = fn; },
      });
      source.addEventListener("error", function (evt) {
        if (!handler) return;
        var log = console.error;
        console.error = function () {};
        try { handler.call(source, evt); } finally { console.error = log; }
      });
      return source;
    };
  }

  // A form inside a live element (the ban panel) is sent at once and that element's refreshes
  // wait for its answer. htmx's own hx-sync queue could lose the form: "replace" aborted the
  // refresh in flight, which started one waiting behind it; the form then waited behind that
  // one, whose answer replaced the element, and htmx drops a waiting request whose form left
  // the page. Here nothing waits in htmx's queue: a refresh asked while a form is on its way is
  // refused (htmx:confirm, before htmx queues anything) and asked once more after the answer.
  var holding = new Map();  // the live element's id -> forms on their way
  var LIVE = '[hx-trigger*="live:poll"]';

  document.addEventListener("htmx:confirm", function (evt) {
    var elt = evt.detail.elt;
    if (elt.matches && elt.matches(LIVE) && holding.get(elt.id)) {
      evt.preventDefault();
    }
  });
  // At beforeSend: past every point where htmx or a listener could still call the request off.
  document.addEventListener("htmx:beforeSend", function (evt) {
    var elt = evt.detail.elt;
    var live = elt.matches && !elt.matches(LIVE) && elt.closest(LIVE);
    if (!live || !live.id) return;
    var id = live.id;
    holding.set(id, (holding.get(id) || 0) + 1);
    htmx.trigger(live, "htmx:abort");  // a refresh in flight must not replace it under the form
    // loadend follows every end (answer, error, abort, timeout) once htmx has swapped the answer.
    evt.detail.xhr.addEventListener("loadend", function () {
      holding.set(id, holding.get(id) - 1);
      if (holding.get(id)) return;
      var now = document.getElementById(id);
      if (now && now.matches(LIVE)) htmx.trigger(now, "live:poll");  // what changed meanwhile
    });
  });

  document.addEventListener("DOMContentLoaded", function () { scan(document.body); });
  document.addEventListener("htmx:load", function (evt) { scan(evt.detail.elt); });
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var tag = evt.detail.xhr && evt.detail.xhr.getResponseHeader("ETag");
    if (!tag) return;
    var key = evt.detail.requestConfig ? evt.detail.requestConfig.path : "";
    if (lastTag.get(key) === tag) evt.detail.shouldSwap = false;
    lastTag.set(key, tag);
  });
})();
