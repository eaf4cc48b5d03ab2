// The director's console: choosing a player found in the register while typing an
// entry.  A found player's button adds the name and the member number to the entry
// form's fields at the same position (a blank number stands for a non-member typed
// before), or, when the director is entering by member numbers alone, the number.
// From the "find" field, arrow down goes to the first player; arrow up/down move
// between them; Escape goes back to the field.
(function () {
  "use strict";
  var NAME_SPLIT = /\s*(?:,|;|\/|&|\s-\s|\s\u2013\s)\s*/;
  function listed(text, split) {
    return text.trim() === "" ? [] : text.trim().split(split);
  }
  function choose(button) {
    var form = button.closest("form");
    var names = form.querySelector("input[name=names]");
    var members = form.querySelector("input[name=members]");
    var find = form.querySelector("input[name=find]");
    var people = listed(names.value, NAME_SPLIT).filter(function (s) { return s !== ""; });
    var numbers = listed(members.value, ",").map(function (s) { return s.trim(); });
    if (people.length === 0 && numbers.length > 0) {
      numbers.push(button.dataset.member);  // numbers alone: names from the register
    } else {
      while (numbers.length < people.length) numbers.push("");
      people.push(button.dataset.name);
      numbers.push(button.dataset.member);
      names.value = people.join(", ");
    }
    members.value = numbers.join(", ");
    find.value = "";
    button.closest("ul").innerHTML = "";
    find.focus();
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("#member-hits button[data-member]");
    if (button) choose(button);
  });
  document.addEventListener("keydown", function (event) {
    var list = document.getElementById("member-hits");
    if (!list) return;
    var all = Array.prototype.slice.call(list.querySelectorAll("button[data-member]"));
    if (event.target.matches("input[name=find]")) {
      if (event.key === "ArrowDown" && all.length) { event.preventDefault(); all[0].focus(); }
      if (event.key === "Enter") event.preventDefault();  // not the entry's submit
      return;
    }
    var at = all.indexOf(event.target);
    if (at < 0) return;
    var find = event.target.closest("form").querySelector("input[name=find]");
    if (event.key === "ArrowDown" && at + 1 < all.length) { event.preventDefault(); all[at + 1].focus(); }
    if (event.key === "ArrowUp") { event.preventDefault(); (at > 0 ? all[at - 1] : find).focus(); }
    if (event.key === "Escape") { event.preventDefault(); find.focus(); }
  });
})();
// A page's print button ([data-print]) prints it: the console's navigation and forms stay
// off the paper (console.css, @media print).
document.addEventListener("click", function (event) {
  var button = event.target.closest && event.target.closest("[data-print]");
  if (button) window.print();
});
