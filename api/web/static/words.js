// The page's words for its scripts, in the reader's language (api/web/script_words.py puts
// them in the page as JSON): say(key, values, count) gives one with its {name} fields
// filled; a text given for one and for more is chosen by count.
window.refereeSay = (function () {
  "use strict";
  var node = document.getElementById("script-words");
  var words = node ? JSON.parse(node.textContent) : {};
  return function (key, values, count) {
    var text = words[key];
    if (Array.isArray(text)) { text = text[count === 1 ? 0 : 1]; }
    return String(text).replace(/\{(\w+)\}/g, function (field, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? values[name] : field;
    });
  };
})();
