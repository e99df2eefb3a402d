// The step slider: show the number while it moves, go to the event when it is let go, and
// give the slider its focus back on the new page, so the arrow keys keep stepping.
// Without scripts the "Show" button does the same.
(function () {
  "use strict";
  var slider = document.getElementById("event-slider");
  var number = document.getElementById("event-number");
  if (!slider) { return; }
  var KEY = "referee-step-focus";
  try {
    if (window.sessionStorage.getItem(KEY) === "slider") {
      window.sessionStorage.removeItem(KEY);
      slider.focus();
    }
  } catch (e) { /* no storage: the focus simply stays where the browser puts it */ }
  slider.addEventListener("input", function () { number.textContent = slider.value; });
  slider.addEventListener("change", function () {
    try { window.sessionStorage.setItem(KEY, "slider"); } catch (e) { /* see above */ }
    slider.form.submit();
  });
})();
