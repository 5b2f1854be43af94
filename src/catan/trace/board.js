// robsim Catan board drawing (hexes, tokens, harbors, pieces, the robber), shared by the replay
// page and the luck report's boards. Self-contained; defines one global, RobsimBoard.
"use strict";
const RobsimBoard = (function () {
  const SVGNS = "http://www.w3.org/2000/svg";
  const SEAT = ["#d62728", "#1f77b4", "#e8a33d", "#f2f2f2", "#2ca02c", "#8c564b"];
  const TERRAIN = {
    hills: "#c8553d", forest: "#2d6a4f", pasture: "#95d5b2", fields: "#f4d35e",
    mountains: "#8d99ae", desert: "#e9d8a6", sea: "#a9d6e5", volcano: "#5c3d2e",
    jungle: "#1b4332", gold: "#ffd166",
  };

  function el(name, attrs, parent, text) {
    const e = document.createElementNS(SVGNS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  const R = 40;
  // Where each hex centre and corner of a board line (docs/trace-format.md) is drawn.
  function geometry(board) {
    const S3 = Math.sqrt(3);
    const hexXY = board.hexes.map((x) => [R * S3 * (x.q + x.r / 2), R * 1.5 * x.r]);
    const cornerXY = new Array(board.corners.length);
    board.hexes.forEach((x, i) => {
      x.corners.forEach((c, k) => {
        if (cornerXY[c]) return;
        const a = (Math.PI / 180) * (60 * k - 90);
        cornerXY[c] = [hexXY[i][0] + R * Math.cos(a), hexXY[i][1] + R * Math.sin(a)];
      });
    });
    return { hexXY, cornerXY };
  }

  function pips(n) {
    return 6 - Math.abs(7 - n);
  }

  // Draws `board` (its geometry `geo`) with the pieces of snapshot `s` into `svg`; `variant` is
  // the header's (Raiders has no robber).
  function drawCatan(svg, board, geo, s, variant) {
    const { hexXY, cornerXY } = geo;
    const xs = hexXY.map((p) => p[0]);
    const ys = hexXY.map((p) => p[1]);
    const pad = R * 1.3;
    const minx = Math.min(...xs) - pad, miny = Math.min(...ys) - pad;
    const w = Math.max(...xs) - Math.min(...xs) + 2 * pad;
    const ht = Math.max(...ys) - Math.min(...ys) + 2 * pad;
    svg.setAttribute("viewBox", [minx, miny, w, ht].join(" "));
    const faceDown = new Set(s.face_down || []);
    const destroyed = new Set(s.destroyed || []);
    const rd = s.raiders || null;
    const raided = new Set(rd ? rd.raided : []);
    const onDesert = new Map(rd ? rd.on_desert.map((p) => [p[0], p[1]]) : []);
    const gHex = el("g", { class: "hexes" }, svg);
    board.hexes.forEach((x, i) => {
      const pts = x.corners.map((c) => cornerXY[c].join(",")).join(" ");
      const cls = "hex " + x.terrain + (destroyed.has(i) ? " destroyed" : "") + (raided.has(i) ? " raided" : "");
      const poly = el("polygon", { points: pts, fill: TERRAIN[x.terrain] || "#ccc", stroke: "#fff", "stroke-width": 2, class: cls }, gHex);
      el("title", {}, poly, "hex " + i + ": " + x.terrain + (x.token ? " " + x.token : ""));
      const [cx, cy] = hexXY[i];
      if (destroyed.has(i)) {
        el("line", { x1: cx - 22, y1: cy - 22, x2: cx + 22, y2: cy + 22, stroke: "#222", "stroke-width": 5 }, gHex);
        el("line", { x1: cx - 22, y1: cy + 22, x2: cx + 22, y2: cy - 22, stroke: "#222", "stroke-width": 5 }, gHex);
      }
      if (raided.has(i)) {
        el("polygon", { points: pts, fill: "#b00020", "fill-opacity": 0.35, class: "raided-mark" }, gHex);
      }
      if (x.token && !destroyed.has(i)) {
        if (faceDown.has(i)) {
          // Turned over: the back of the token, no number.
          el("circle", { cx, cy, r: 15, fill: "#6b4f3a", stroke: "#2b1d12", "stroke-width": 2, class: "token face-down" }, gHex);
          el("path", { d: `M${cx - 9},${cy - 9}L${cx + 9},${cy + 9}M${cx - 9},${cy + 9}L${cx + 9},${cy - 9}`, stroke: "#c9a27e", "stroke-width": 2 }, gHex);
        } else {
          const red = x.token === 6 || x.token === 8;
          el("circle", { cx, cy, r: 15, fill: "#fdf6e3", stroke: "#333", class: "token face-up" }, gHex);
          el("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: red ? "#c00" : "#222" }, gHex, String(x.token));
          const p = pips(x.token);
          for (let k = 0; k < p; k++) el("circle", { cx: cx - (p - 1) * 2 + 4 * k, cy: cy + 9, r: 1.2, fill: red ? "#c00" : "#222" }, gHex);
        }
      }
      if (onDesert.has(i)) {
        el("text", { x: cx, y: cy - 18, "text-anchor": "middle", "font-size": 12, fill: "#111", class: "raider-count" }, gHex, "raiders " + onDesert.get(i));
      }
    });
    // Harbors.
    const gHarbor = el("g", { class: "harbors" }, svg);
    board.corners.forEach((c, i) => {
      if (!c.harbor) return;
      const [x, y] = cornerXY[i];
      el("circle", { cx: x, cy: y, r: 6, fill: "#fff", stroke: "#0b5394", "stroke-width": 2, class: "harbor" }, gHarbor);
      el("title", {}, gHarbor.lastChild, "harbor " + c.harbor);
    });
    // Roads, ships and cancelled edges.
    const cancelled = new Set(rd ? rd.cancelled : []);
    const gRoads = el("g", { class: "roads" }, svg);
    s.seats.forEach((seat) => {
      const col = SEAT[seat.seat];
      const edge = (e, cls, dash) => {
        const [a, b] = board.edges[e].corners;
        const [x1, y1] = cornerXY[a], [x2, y2] = cornerXY[b];
        const attrs = { x1, y1, x2, y2, stroke: col, "stroke-width": 7, "stroke-linecap": "round", class: cls };
        if (dash) attrs["stroke-dasharray"] = dash;
        el("line", { x1, y1, x2, y2, stroke: "#222", "stroke-width": 10, "stroke-linecap": "round" }, gRoads);
        el("line", attrs, gRoads);
      };
      (seat.roads || []).forEach((e) => edge(e, "road" + (cancelled.has(e) ? " cancelled" : ""), cancelled.has(e) ? "4 4" : null));
      (seat.ships || []).forEach((e) => edge(e, "ship", "10 5"));
    });
    // Buildings.
    const taken = new Set(rd ? rd.taken : []);
    const gB = el("g", { class: "buildings" }, svg);
    s.seats.forEach((seat) => {
      const col = SEAT[seat.seat];
      (seat.settlements || []).forEach((c) => {
        const [x, y] = cornerXY[c];
        el("path", { d: `M${x - 8},${y + 7}V${y - 2}L${x},${y - 10}L${x + 8},${y - 2}V${y + 7}Z`, fill: col, stroke: "#222", "stroke-width": 1.5, class: "settlement" + (taken.has(c) ? " taken" : "") }, gB);
      });
      (seat.cities || []).forEach((c) => {
        const [x, y] = cornerXY[c];
        el("path", { d: `M${x - 12},${y + 9}V${y - 3}L${x - 6},${y - 10}L${x},${y - 3}H${x + 12}V${y + 9}Z`, fill: col, stroke: "#222", "stroke-width": 1.5, class: "city" + (taken.has(c) ? " taken" : "") }, gB);
      });
    });
    taken.forEach((c) => {
      const [x, y] = cornerXY[c];
      el("circle", { cx: x, cy: y, r: 14, fill: "none", stroke: "#000", "stroke-width": 3, class: "taken-mark" }, gB);
    });
    // Robber (Robert in the co-op variant); Raiders has none.
    if (variant !== "raiders" && s.robber !== null && s.robber !== undefined) {
      const [x, y] = hexXY[s.robber];
      const g = el("g", { class: "robber" }, svg);
      el("ellipse", { cx: x + 20, cy: y + 12, rx: 7, ry: 11, fill: "#333", stroke: "#fff" }, g);
      el("circle", { cx: x + 20, cy: y - 2, r: 6, fill: "#333", stroke: "#fff" }, g);
      el("title", {}, g, variant === "robert" ? "Robert" : "robber");
    }
  }

  return { SVGNS, SEAT, TERRAIN, el, pips, geometry, drawCatan };
})();
