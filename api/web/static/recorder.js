// Following the game from several phones: ask the recording's version every few seconds
// and load the page again when another phone recorded a change (unless a chance form is
// half filled in here: then say so, and let the person reload). A form is sent once: a
// second tap while the page loads is not sent again. Without scripts, every tap still
// works, and a tap made on an overtaken page is refused and shows the game as it stands.
//
// A dropped connection loses nothing: a tap made while the phone is offline (or while
// earlier taps still wait) is kept on the phone, with the version of the page it was made
// on, and the taps are sent in order when the network is back. Each is checked as it
// arrives; the first one refused (a stale one: the game had moved on) stops the queue, and
// the page says which and why and lists the taps not sent, so they can be made again.
(function () {
  "use strict";
  var page = document.querySelector("[data-version-url]");
  if (!page) { return; }
  var shown = page.getAttribute("data-version");
  var note = document.getElementById("live");
  var queueBox = document.getElementById("queue");
  var storeKey = "referee-queue:" + window.location.pathname;
  var say = window.refereeSay;
  var touched = false;
  var sending = false;

  function queued() {
    try { return JSON.parse(window.localStorage.getItem(storeKey) || "[]"); }
    catch (err) { return []; }
  }
  function keep(items) {
    if (items.length) { window.localStorage.setItem(storeKey, JSON.stringify(items)); }
    else { window.localStorage.removeItem(storeKey); }
  }
  function show(items, refused) {
    if (!queueBox) { return; }
    var list = queueBox.querySelector("ol");
    var title = queueBox.querySelector("p");
    list.textContent = "";
    items.forEach(function (item) {
      var line = document.createElement("li");
      line.textContent = say("queued", {label: item.label, version: item.version});
      list.appendChild(line);
    });
    queueBox.hidden = !items.length && !refused;
    queueBox.querySelector("button").hidden = !refused;
    if (refused) {
      title.textContent = say("refused", {label: refused.label, version: refused.version,
                                          reason: refused.reason}) +
        (items.length ? " " + say("not_sent") : "");
    } else {
      title.textContent = say("waiting", {count: items.length}, items.length);
    }
  }

  function fields(form, submitter) {
    var data = [];
    new FormData(form).forEach(function (value, name) { data.push([name, String(value)]); });
    if (submitter && submitter.name) { data.push([submitter.name, submitter.value]); }
    return data;
  }
  function labelOf(form, submitter) {
    if (submitter && submitter.textContent.trim()) { return submitter.textContent.trim(); }
    var heading = form.closest("section, details");
    var title = heading && heading.querySelector("h2, summary");
    return title ? title.textContent.trim() : say("a_change");
  }
  function reasonOf(html) {
    var found = new DOMParser().parseFromString(html, "text/html").getElementById("problem");
    return found ? found.textContent.replace(/\s+/g, " ").trim() : say("refused_reason");
  }

  function flush() {
    var items = queued();
    if (sending || !items.length || !navigator.onLine) { return; }
    sending = true;
    var item = items[0];
    var body = new URLSearchParams();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    fetch(item.action, {method: "POST", body: body, credentials: "same-origin"})
      .then(function (response) {
        return response.text().then(function (html) {
          sending = false;
          if (response.ok) {  // recorded: the next one, or the game as it stands now
            keep(items.slice(1));
            if (items.length > 1) { flush(); } else { window.location.reload(); }
            return;
          }
          // Kept until dismissed (a reload shows it again): what was refused, and why,
          // and the taps after it, not sent.
          var refused = {label: item.label, version: item.version, reason: reasonOf(html)};
          window.localStorage.setItem(storeKey + ":refused",
                                      JSON.stringify({refused: refused, rest: items.slice(1)}));
          keep([]);
          show(items.slice(1), refused);
        });
      })
      .catch(function () { sending = false; show(items); });  // still offline: keep them
  }

  document.querySelectorAll("form").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (form.getAttribute("data-sent")) { event.preventDefault(); return; }
      var action = form.getAttribute("action") || "";
      var waiting = queued().length > 0;
      if (action.indexOf("/finish") < 0 && (!navigator.onLine || waiting)) {
        // Offline, or after taps that still wait: this one waits behind them, in order.
        event.preventDefault();
        var versionField = form.querySelector("input[name=version]");
        var items = queued();
        items.push({action: action, fields: fields(form, event.submitter),
                    label: labelOf(form, event.submitter),
                    version: versionField ? versionField.value : shown});
        keep(items);
        show(items);
        return;
      }
      form.setAttribute("data-sent", "1");
    });
  });
  if (queueBox) {
    queueBox.querySelector("button").addEventListener("click", function () {
      window.localStorage.removeItem(storeKey + ":refused");
      show([]);
    });
  }
  document.querySelectorAll("#chance select, #chance input").forEach(function (field) {
    field.addEventListener("change", function () { touched = true; });
  });
  window.addEventListener("online", flush);
  window.addEventListener("offline", function () { show(queued()); });
  var stopped = null;
  try { stopped = JSON.parse(window.localStorage.getItem(storeKey + ":refused")); }
  catch (err) { stopped = null; }
  if (stopped) { show(stopped.rest, stopped.refused); } else { show(queued()); }
  flush();

  function tick() {
    if (queued().length) { flush(); setTimeout(tick, 3000); return; }
    fetch(page.getAttribute("data-version-url"), {credentials: "same-origin",
                                                  headers: {"Accept": "application/json"}})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (state) {
        if (state && String(state.version) !== shown) {
          if (!touched) { window.location.reload(); return; }
          note.hidden = false;
          note.textContent = say("moved_on");
        }
        setTimeout(tick, 3000);
      })
      .catch(function () { setTimeout(tick, 5000); });
  }
  setTimeout(tick, 3000);
})();
