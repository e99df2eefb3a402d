// The paste box's line numbers: the gutter beside it counts the box's lines as they are
// typed or pasted and follows its scrolling, so a line the referee names is found by its
// number. Without scripts, the gutter counts the lines the page came with.
(function () {
  "use strict";
  document.querySelectorAll(".numbered").forEach(function (box) {
    var gutter = box.querySelector(".line-numbers");
    var text = box.querySelector("textarea");
    if (!gutter || !text) { return; }
    var shown = 0;
    function count() {
      var lines = text.value.split("\n").length;
      if (lines !== shown) {
        var numbers = [];
        for (var n = 1; n <= lines; n += 1) { numbers.push(n); }
        gutter.textContent = numbers.join("\n");
        shown = lines;
      }
      gutter.scrollTop = text.scrollTop;
    }
    text.addEventListener("input", count);
    text.addEventListener("scroll", function () { gutter.scrollTop = text.scrollTop; });
    count();
  });
}());
