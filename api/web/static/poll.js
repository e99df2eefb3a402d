// Live progress: ask the page's status URL every second, move the progress bar, and load
// the finished page when the work is done. Without scripts, the page refreshes itself.
(function () {
  "use strict";
  var live = document.querySelector("[data-status-url]");
  if (!live) { return; }
  var bar = document.getElementById("progress");
  var status = document.getElementById("status");
  function tick() {
    fetch(live.getAttribute("data-status-url"), {credentials: "same-origin",
                                                  headers: {"Accept": "application/json"}})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (state) {
        if (!state) { return setTimeout(tick, 3000); }
        if (state.finished) { window.location.reload(); return; }
        if (bar) { bar.max = state.max || 1; bar.value = state.value; }
        status.textContent = state.text;
        setTimeout(tick, 1000);
      })
      .catch(function () { setTimeout(tick, 3000); });
  }
  setTimeout(tick, 1000);
})();
