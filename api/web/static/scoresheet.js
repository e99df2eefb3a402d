// The scoresheet page: totals worked out by the referee as the sheet is typed, beside the
// totals the players wrote; a new empty box below a list of components once its last is used.
(function () {
  "use strict";
  var form = document.getElementById("sheet");
  if (!form) { return; }
  var status = document.getElementById("totals-status");
  var timer = null;
  var asked = 0;
  var say = window.refereeSay;

  function query() {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, key) {
      if (key !== "csrf_token") { params.append(key, value); }
    });
    return params.toString();
  }

  function show(answer) {
    form.querySelectorAll("output[data-category]").forEach(function (out) {
      var line = answer.players[out.dataset.player];
      var value = line ? line[out.dataset.category] : undefined;
      out.textContent = value === undefined ? "·" : String(value);
    });
    form.querySelectorAll("output.check").forEach(function (out) {
      var line = answer.players[out.dataset.player];
      var written = out.parentNode.querySelector("input");
      out.className = "check";
      out.textContent = "";
      if (!line || !written || written.value.trim() === "") { return; }
      if (String(line.total) === written.value.trim()) {
        out.textContent = say("matches");
        out.classList.add("matches");
      } else {
        out.textContent = say("differs", {total: line.total, written: written.value.trim()});
        out.classList.add("differs");
      }
    });
    var problems = answer.problems || [];
    var listed = problems.slice(0, 3).map(function (p) { return p.where + ": " + p.message; })
      .join("; ");
    status.textContent = !problems.length ? say("scored")
      : problems.length > 3 ? say("not_scored_more", {problems: listed, count: problems.length - 3})
      : say("not_scored", {problems: listed});
  }

  function refresh() {
    var mine = ++asked;
    fetch(form.dataset.totals + "?" + query(), {headers: {Accept: "application/json"}})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) { if (answer && mine === asked) { show(answer); } })
      .catch(function () { status.textContent = say("unavailable"); });
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(refresh, 350);
  }

  function grow(input) {
    var entries = input.parentNode;
    if (!entries.classList.contains("entries")) { return; }
    var boxes = entries.querySelectorAll("input");
    if (boxes[boxes.length - 1] === input && input.value.trim() !== "") {
      var next = input.cloneNode(false);
      next.value = "";
      next.removeAttribute("id");
      entries.appendChild(next);
    }
  }

  form.addEventListener("input", function (event) { grow(event.target); later(); });
  form.addEventListener("change", later);
  refresh();
}());
