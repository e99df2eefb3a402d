// The step slider: show the number while it moves, go to the event when it is let go.
// Without scripts the "Show" button does the same.
(function () {
  "use strict";
  var slider = document.getElementById("event-slider");
  var number = document.getElementById("event-number");
  if (!slider) { return; }
  slider.addEventListener("input", function () { number.textContent = slider.value; });
  slider.addEventListener("change", function () { slider.form.submit(); });
})();
