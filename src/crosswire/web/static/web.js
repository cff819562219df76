/* crosswire dashboard: highlight the span named by the URL fragment (#span-START-END).
   The article text is cut into <span data-o="OFFSET"> runs at every extracted span; any
   START-END range is marked by wrapping the covered parts of those runs in <mark class="hl">. */
(function () {
  "use strict";
  function clear(root) {
    root.querySelectorAll("mark.hl").forEach(function (m) {
      var parent = m.parentNode;
      while (m.firstChild) parent.insertBefore(m.firstChild, m);
      parent.removeChild(m);
      parent.normalize();
    });
  }
  function highlight() {
    var root = document.getElementById("article-text");
    if (!root) return;
    clear(root);
    var m = /^#span-(\d+)-(\d+)$/.exec(location.hash);
    if (!m) return;
    var s = +m[1], e = +m[2], first = null, jobs = [];
    root.querySelectorAll("span[data-o]").forEach(function (el) {
      var o = +el.getAttribute("data-o"), node = el.firstChild;
      if (!node || node.nodeType !== 3) return;
      var a = Math.max(s, o), b = Math.min(e, o + node.length);
      if (a < b) jobs.push([node, a - o, b - o]);
    });
    jobs.forEach(function (j) {
      var r = document.createRange(), mark = document.createElement("mark");
      r.setStart(j[0], j[1]);
      r.setEnd(j[0], j[2]);
      mark.className = "hl";
      r.surroundContents(mark);
      if (!first) first = mark;
    });
    var status = document.getElementById("span-status");
    if (status) {
      status.textContent = first
        ? "Highlighted characters " + s + "–" + e + "."
        : "Characters " + s + "–" + e + " are not in this article.";
    }
    if (first) first.scrollIntoView({block: "center"});
  }
  addEventListener("hashchange", highlight);
  if (document.readyState === "loading") addEventListener("DOMContentLoaded", highlight);
  else highlight();
})();
