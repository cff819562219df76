/* crosswire map: pan (drag) and zoom (wheel, +/- keys, double-click resets) on every
   svg.place-map, by changing its viewBox. Bundled with crosswire; loads nothing. */
(function () {
  function zoomable(svg) {
    var base = svg.viewBox.baseVal, home = [base.x, base.y, base.width, base.height];
    var box = home.slice(), drag = null;
    function show() { svg.setAttribute("viewBox", box.join(" ")); }
    function at(evt) {
      var r = svg.getBoundingClientRect();
      return [box[0] + (evt.clientX - r.left) / r.width * box[2],
              box[1] + (evt.clientY - r.top) / r.height * box[3]];
    }
    function zoom(factor, cx, cy) {
      var w = Math.min(home[2], Math.max(home[2] / 40, box[2] * factor));
      var f = w / box[2];
      box = [cx - (cx - box[0]) * f, cy - (cy - box[1]) * f, w, box[3] * f];
      show();
    }
    svg.setAttribute("tabindex", "0");
    svg.style.cursor = "grab";
    svg.addEventListener("wheel", function (evt) {
      evt.preventDefault();
      var p = at(evt);
      zoom(evt.deltaY < 0 ? 0.8 : 1.25, p[0], p[1]);
    }, { passive: false });
    svg.addEventListener("pointerdown", function (evt) {
      drag = [evt.clientX, evt.clientY, box[0], box[1], evt.pointerId];
    });
    svg.addEventListener("pointermove", function (evt) {
      if (!drag) return;
      var r = svg.getBoundingClientRect();
      box[0] = drag[2] - (evt.clientX - drag[0]) / r.width * box[2];
      box[1] = drag[3] - (evt.clientY - drag[1]) / r.height * box[3];
      show();
    });
    ["pointerup", "pointerleave"].forEach(function (name) {
      svg.addEventListener(name, function () { drag = null; });
    });
    svg.addEventListener("dblclick", function () { box = home.slice(); show(); });
    svg.addEventListener("keydown", function (evt) {
      var cx = box[0] + box[2] / 2, cy = box[1] + box[3] / 2;
      if (evt.key === "+" || evt.key === "=") zoom(0.8, cx, cy);
      else if (evt.key === "-") zoom(1.25, cx, cy);
      else if (evt.key === "0") { box = home.slice(); show(); }
    });
  }
  function start() {
    document.querySelectorAll("svg.place-map").forEach(zoomable);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
