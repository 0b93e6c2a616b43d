/* Small behaviours shared by every page; the site works without them. */
(function () {
  "use strict";
  // The compact menu of a phone: one button opens and closes the main navigation.
  document.addEventListener("click", function (event) {
    var toggle = event.target.closest(".menu-toggle");
    if (!toggle) { return; }
    var open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
    document.getElementById(toggle.getAttribute("aria-controls")).classList.toggle("open", open);
  });
  // Times of an event are shown in its time zone; add the viewer's clock time when it differs.
  function viewerTimes(root) {
    (root.querySelectorAll ? root : document).querySelectorAll("time[data-event-time]").forEach(function (el) {
      if (el.dataset.enhanced) { return; }
      el.dataset.enhanced = "1";
      var when = new Date(el.getAttribute("datetime"));
      if (isNaN(when.getTime()) || Number(el.dataset.offset) === when.getTimezoneOffset()) { return; }
      var text = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { hour: "2-digit", minute: "2-digit" }).format(when);
      var extra = document.createElement("span");
      extra.className = "viewer-time muted small";
      extra.textContent = " (" + text + " " + el.dataset.yourTime + ")";
      el.after(extra);
    });
  }
  viewerTimes(document);
  document.addEventListener("htmx:afterSettle", function (event) { viewerTimes(event.target); });
  // Destructive actions ask first: a form with class "confirm" shows its data-confirm text.
  document.addEventListener("submit", function (event) {
    var form = event.target.closest("form.confirm");
    if (form && !window.confirm(form.dataset.confirm || "?")) { event.preventDefault(); }
  }, true);
  // The results desk: once a row is saved, the next row's winner is ready for the keyboard.
  document.addEventListener("htmx:afterSettle", function () {
    var saved = document.querySelector("tr.just-saved");
    if (!saved) { return; }
    saved.classList.remove("just-saved");
    saved.classList.add("saved-flash");
    var next = saved.nextElementSibling;
    while (next && !next.querySelector("select")) { next = next.nextElementSibling; }
    if (next) { next.querySelector("select").focus(); }
  });
  // A long list (Krosmasters to ban, saved teams, arenas): a search box filters its options.
  function searchable(root) {
    (root.querySelectorAll ? root : document).querySelectorAll("select[data-searchable]").forEach(function (select) {
      if (select.dataset.enhanced) { return; }
      select.dataset.enhanced = "1";
      var box = document.createElement("input");
      box.type = "search";
      box.className = "picker-search";
      box.placeholder = select.dataset.searchPlaceholder || "Search…";
      box.setAttribute("aria-label", (select.labels && select.labels[0] ? select.labels[0].textContent + ": " : "") + box.placeholder);
      box.addEventListener("input", function () {
        var words = box.value.trim().toLowerCase().split(/\s+/).filter(Boolean), first = null;
        Array.prototype.forEach.call(select.options, function (option) {
          var text = option.textContent.toLowerCase();
          var shown = !option.value || words.every(function (w) { return text.indexOf(w) >= 0; });
          option.hidden = !shown;
          if (shown && option.value && !first) { first = option; }
        });
        if (first && !select.multiple) { select.value = first.value; }
      });
      select.parentNode.insertBefore(box, select);
    });
  }
  document.addEventListener("DOMContentLoaded", function () { searchable(document); });
  document.addEventListener("htmx:load", function (event) { searchable(event.target); });

  // A round clock (a player's page, the projector): counts down to the server's end time,
  // offset by the server's clock; an element swapped in by htmx starts from its own answer.
  function pad(n) { return String(n).padStart(2, "0"); }
  function tickClocks() {
    document.querySelectorAll("[data-clock]").forEach(function (el) {
      if (!el.dataset.loadedAt) { el.dataset.loadedAt = Date.now(); }
      var left;
      if (el.dataset.endsAt) {
        var offset = Number(el.dataset.serverNow) - Number(el.dataset.loadedAt);
        left = Math.round((Number(el.dataset.endsAt) - (Date.now() + offset)) / 1000);
      } else {
        left = Number(el.dataset.remaining);
      }
      var over = left < 0, secs = Math.abs(left);
      el.querySelector(".clock-value").textContent =
        (over ? "+" : "") + pad(Math.floor(secs / 60)) + ":" + pad(secs % 60);
      el.classList.toggle("overtime", over);
      el.classList.toggle("last-minutes", !over && left <= 300);
    });
  }
  document.addEventListener("htmx:afterSwap", tickClocks);
  tickClocks();
  setInterval(tickClocks, 500);
})();
