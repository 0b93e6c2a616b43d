/* The replay page (templates/matches/replay.html): the slider fetches the selected step with
   htmx (hx-get on the range input); this script drives the step buttons, the event list and the
   arrow keys through the same request, and keeps the slider, the list, the chart's cursor and
   the address in step with whatever step the server sent back. Without it, every control is
   a plain link (?step=N) and the page still works. */
(function () {
  "use strict";

  function init() {
    var root = document.querySelector(".replay");
    var slider = document.getElementById("replay-slider");
    if (!root || !slider || !window.htmx) return;
    var last = parseInt(root.dataset.last, 10) || 0;
    var output = document.getElementById("replay-position");
    var chart = root.querySelector("svg.replay-chart");
    var cursor = document.getElementById("replay-cursor");
    var list = root.querySelector(".replay-events ol");

    function current() { return parseInt(slider.value, 10) || 0; }

    function show(step) {
      // The page's own words (data-template, translated by the server), with the numbers put in.
      if (output) output.textContent = (output.dataset.template || "step %(n)s of %(last)s").replace("%(n)s", step).replace("%(last)s", last);
      var old = root.querySelector(".replay-events [aria-current]");
      if (old) old.removeAttribute("aria-current");
      var item = document.getElementById("replay-event-" + step);
      if (item) {
        item.setAttribute("aria-current", "step");
        if (list && (item.offsetTop < list.scrollTop || item.offsetTop > list.scrollTop + list.clientHeight - 40)) {
          list.scrollTop = item.offsetTop - list.clientHeight / 3;
        }
      }
      if (chart && cursor) {
        var x = parseFloat(chart.dataset.x0) + step * parseFloat(chart.dataset.dx);
        cursor.setAttribute("x1", x.toFixed(1));
        cursor.setAttribute("x2", x.toFixed(1));
      }
      if (window.history && history.replaceState) history.replaceState(null, "", "?step=" + step);
    }

    function go(step) {
      step = Math.max(0, Math.min(last, step));
      slider.value = String(step);
      show(step);
      htmx.ajax("GET", root.dataset.stepUrl + "?step=" + step, {
        source: slider, target: "#replay-step", swap: "innerHTML"
      });
    }

    slider.addEventListener("input", function () { show(current()); });

    root.addEventListener("click", function (event) {
      var link = event.target.closest("[data-go], [data-step]");
      if (!link || !root.contains(link) || link === slider) return;
      event.preventDefault();
      if (link.dataset.step !== undefined) return go(parseInt(link.dataset.step, 10));
      var moves = { first: 0, previous: current() - 1, next: current() + 1, last: last };
      go(moves[link.dataset.go]);
    });

    document.addEventListener("keydown", function (event) {
      var target = event.target;
      if (target === slider || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      var keys = { ArrowLeft: current() - 1, ArrowRight: current() + 1, Home: 0, End: last };
      if (event.key in keys) { event.preventDefault(); go(keys[event.key]); }
    });

    document.body.addEventListener("htmx:afterSwap", function (event) {
      if (event.detail.target.id !== "replay-step") return;
      var shown = event.detail.target.querySelector("[data-step]");
      if (!shown) return;
      var step = parseInt(shown.dataset.step, 10);
      if (step !== current()) slider.value = String(step);
      show(step);
    });

    show(current());
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
