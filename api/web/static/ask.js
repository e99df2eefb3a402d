/* The component form checks each value as it is typed: a value written as JSON must parse
   (the message says where it stops), a list is shown back as the items it holds. The
   server checks everything again; this only says it sooner. Choosing what an effect does
   shows that operation's boxes, as its "show the boxes" button does. */
(function () {
  "use strict";
  var words = window.refereeSay;
  function say(field, text) {
    var note = field.closest(".slot").querySelector(".check");
    if (note) { note.textContent = text; }
    field.setCustomValidity(text && field.dataset.kind === "json" ? text : "");
  }
  // Choosing what an effect does shows its boxes at once (without a script, its button).
  document.querySelectorAll("#ask fieldset.effect > select").forEach(function (choice) {
    choice.addEventListener("change", function () {
      var show = choice.parentNode.querySelector("button.shape");
      if (show && choice.form.requestSubmit) { choice.form.requestSubmit(show); }
    });
  });
  document.querySelectorAll("#ask [data-kind]").forEach(function (field) {
    field.addEventListener("input", function () {
      var value = field.value.trim();
      if (!value) { say(field, ""); return; }
      if (field.dataset.kind === "json") {
        try { JSON.parse(value); say(field, ""); }
        catch (err) { say(field, words("not_json", {reason: err.message})); }
      } else if (field.dataset.kind === "list") {
        var items = value.split(",").map(function (s) { return s.trim(); })
          .filter(function (s) { return s; });
        say(field, words("items", {count: items.length, items: items.join(" · ")},
                         items.length));
      }
    });
  });
})();
