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
})();
