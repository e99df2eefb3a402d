// Following the game from several phones: ask the recording's version every few seconds
// and load the page again when another phone recorded a change (unless a chance form is
// half filled in here: then say so, and let the person reload). A form is sent once: a
// second tap while the page loads is not sent again. Without scripts, every tap still
// works, and a tap made on an overtaken page is refused and shows the game as it stands.
(function () {
  "use strict";
  var page = document.querySelector("[data-version-url]");
  if (!page) { return; }
  var shown = page.getAttribute("data-version");
  var note = document.getElementById("live");
  var touched = false;
  document.querySelectorAll("form").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (form.getAttribute("data-sent")) { event.preventDefault(); return; }
      form.setAttribute("data-sent", "1");
    });
  });
  document.querySelectorAll("#chance select, #chance input").forEach(function (field) {
    field.addEventListener("change", function () { touched = true; });
  });
  function tick() {
    fetch(page.getAttribute("data-version-url"), {credentials: "same-origin",
                                                  headers: {"Accept": "application/json"}})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (state) {
        if (state && String(state.version) !== shown) {
          if (!touched) { window.location.reload(); return; }
          note.hidden = false;
          note.textContent = "Another phone recorded a change: reload this page to see it " +
            "(what you chose here is not sent yet).";
        }
        setTimeout(tick, 3000);
      })
      .catch(function () { setTimeout(tick, 5000); });
  }
  setTimeout(tick, 3000);
})();
