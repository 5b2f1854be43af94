// robsim replay page: draws one game of a trace (docs/trace-format.md) at any step.
// Self-contained: the trace is inlined in <script id="trace">; nothing is fetched.
"use strict";
(function () {
  const LINES = JSON.parse(document.getElementById("trace").textContent);
  const header = LINES.find((l) => l.type === "header") || {};
  const { el, SEAT } = RobsimBoard;
  const SEAT_NAME = ["red", "blue", "orange", "white", "green", "brown"];
  const RES = ["brick", "lumber", "wool", "grain", "ore"];
  const DEV = ["knight", "victory_point", "road_building", "year_of_plenty", "monopoly"];
  function h(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  // Steps: one per snapshot. A step shows the board of its snapshot and the lines (decisions,
  // chance, events) that led to it from the previous snapshot: a turn and what it left behind.
  const steps = [];
  let pending = [];
  for (const l of LINES) {
    if (l.type === "snapshot") {
      steps.push({ snap: l, lines: pending });
      pending = [];
    } else if (l.type !== "header" && l.type !== "board" && l.type !== "tiles") pending.push(l);
  }

  // The trace's seats are 0-based (docs/trace-format.md); a person reads seat 1 = first to play.
  const SEAT_KEYS = { seat: 1, player: 1, winner: 1, victim: 1, thief: 1, with: 1, holder: 1, current: 1 };
  function describe(l) {
    const skip = { type: 1 };
    const parts = [];
    for (const k in l) {
      if (skip[k]) continue;
      let v = l[k];
      if (SEAT_KEYS[k] && typeof v === "number") v = v + 1;
      else if (Array.isArray(v)) v = "[" + v.join(", ") + "]";
      else if (v !== null && typeof v === "object") v = JSON.stringify(v);
      parts.push(k + " " + v);
    }
    return l.type.replace(/_/g, " ") + (parts.length ? ": " + parts.join(", ") : "");
  }

  // The log in words: each line as a sentence of the game (a Catan line names its hex by
  // token and resource, "the 6 of ore (hex 9)"); lines it does not know keep the key/value form.
  const RESOURCE_OF = { hills: "brick", forest: "lumber", pasture: "wool", fields: "grain", mountains: "ore", desert: "desert", volcano: "volcano", jungle: "jungle", gold: "gold" };
  function hexName(i) {
    const b = LINES.find((l) => l.type === "board");
    const x = b && b.hexes ? b.hexes[i] : null;
    if (!x) return "hex " + i;
    const res = RESOURCE_OF[x.terrain] || x.terrain;
    return (x.token ? "the " + x.token + " of " + res : "the " + res) + " (hex " + i + ")";
  }
  function seatName(k) {
    return k === null || k === undefined ? "nobody" : "seat " + (k + 1) + (SEAT_NAME[k] ? " (" + SEAT_NAME[k] + ")" : "");
  }
  function piece(l) {
    return l.piece + (l.corner !== undefined ? " at corner " + l.corner : "") + (l.edge !== undefined ? " on edge " + l.edge : "");
  }
  function words(l) {
    const who = seatName(l.seat);
    switch (l.type) {
      case "roll": return who + " rolls " + l.total + (l.dice ? " (" + l.dice.join(" + ") + ")" : "");
      case "produce": return who + " takes " + l.amount + " " + l.resource;
      case "shortage": return "the bank lacks " + l.resource + " (" + l.wanted + " wanted): nobody gets any";
      case "build": return who + " builds a " + piece(l) + (l.free ? " (free)" : "");
      case "dev_bought": return who + " buys a development card (" + l.card + ")";
      case "dev_dealt": return who + " is dealt a development card (" + l.card + ")";
      case "dev_played": return who + " plays " + l.card.replace(/_/g, " ");
      case "dev_lost": return who + " loses a development card (" + l.card + ")";
      case "year_of_plenty": return who + " takes " + l.resources.join(" and ") + " (year of plenty)";
      case "monopoly": return who + " plays monopoly on " + l.resource + (l.taken !== undefined ? ": takes " + l.taken : "") + (l.flipped !== undefined ? ": " + l.flipped + " token(s) turned face up" : "");
      case "robber": return who + " moves the robber to " + hexName(l.hex) + (l.victim !== null && l.victim !== undefined ? ", robbing " + seatName(l.victim) : "");
      case "steal": return seatName(l.thief) + " steals " + l.resource + " from " + seatName(l.victim);
      case "discard": return who + " discards " + l.resource;
      case "bank_trade": return who + " trades " + l.rate + " " + l.give + " for 1 " + l.get + " with the bank";
      case "trade": return who + " trades with " + seatName(l.with) + ": gives " + JSON.stringify(l.give) + ", gets " + JSON.stringify(l.get);
      case "flip": return hexName(l.hex) + " turns face " + (l.face === "down" ? "down" : "up") + " (" + l.cause.replace(/_/g, " ") + ")";
      case "robert_move": return "Robert moves from " + hexName(l.from) + " to " + hexName(l.to);
      case "longest_road": return l.holder === null ? "nobody holds longest road" : seatName(l.holder) + " takes longest road (" + l.length + ")";
      case "largest_army": return l.holder === null ? "nobody holds largest army" : seatName(l.holder) + " takes largest army (" + l.knights + " knights)";
      case "reshuffle": return l.cards + " played cards are shuffled back into the deck";
      case "game_over": {
        const e = document.getElementById("ending");
        if (e) return e.textContent;
        return "game over on turn " + l.turn + ": " + l.outcome.replace(/_/g, " ") + (l.winner !== null && l.winner !== undefined ? ", " + seatName(l.winner) + " wins" : "");
      }
      case "seven_cancelled": return who + " cancels the seven with a knight";
      case "solo_robber": return "the robber rolls " + l.roll + " and moves from " + hexName(l.from) + " to " + hexName(l.to);
      case "destruction": return "the destruction die shows " + l.die + ": " + hexName(l.hex) + (l.destroyed ? " is destroyed" : " survives");
      case "eruption": return "the volcano " + hexName(l.hex) + " erupts";
      case "removed": return "the eruption takes " + who + "'s " + piece(l);
      case "gold": return who + " takes gold from " + hexName(l.hex);
      case "bonus": return who + " takes a bonus " + l.resource + " (" + l.cause.replace(/_/g, " ") + ")";
      case "raider_placed": return who + " places a raider on the desert " + hexName(l.desert);
      case "storm_begins": return "the storm begins on turn " + l.turn;
      case "raid": return "raiders from " + hexName(l.desert) + " raid " + hexName(l.hex);
      case "raider_removed": return who + " drives the raiders off " + hexName(l.hex);
      case "taken": return who + "'s building at corner " + l.corner + (l.taken ? " is taken" : " is freed");
      case "road_cancelled": return who + "'s road on edge " + l.edge + (l.cancelled ? " is cancelled" : " counts again");
      case "discoveries": return who + " gains " + l.amount + " discoveries";
      case "discoveries_spent": return who + " spends " + l.amount + " discoveries";
      case "ship_moved": return who + " moves a ship from edge " + l.from + " to edge " + l.to;
      case "volcano_die": return "the volcano die for " + hexName(l.hex) + " shows " + l.die;
      case "action":
        if (header.variant === "carcassonne") return describe(l);
        if (l.action === "move_robber") return who + " chooses to move the robber to " + hexName(l.hex);
        if (l.action === "robert_moves") return who + " lets Robert move";
        return who + ": " + l.action.replace(/_/g, " ") + (l.hex !== undefined ? " " + hexName(l.hex) : "") + (l.corner !== undefined ? " at corner " + l.corner : "") + (l.edge !== undefined ? " on edge " + l.edge : "") + (l.resource ? " " + l.resource : "");
      case "chance":
        if (l.dice) return "dice: " + l.dice.join(" + ");
        if (l.hex !== undefined && header.variant !== "carcassonne") return "chance (" + l.phase.replace(/_/g, " ") + "): " + hexName(l.hex) + (l.die !== undefined ? ", die " + l.die : "");
        return describe(l);
      default: return describe(l);
    }
  }

  function stepLabel(i) {
    const s = steps[i].snap;
    if (s.reason === "start") return "start";
    const end = s.reason === "game_over" ? ", game over" : "";
    if (header.variant === "carcassonne") return "tile " + s.turn + " placed" + end;
    const p = steps[i - 1].snap;
    if (p.reason === "start") return "after the set-up" + end;
    return "after turn " + p.turn + ", " + seatName(p.current) + end;
  }

  // ---------------------------------------------------------------- Catan
  const board = LINES.find((l) => l.type === "board");
  let geo = null;
  function catanGeometry() {
    geo = RobsimBoard.geometry(board);
  }
  function drawCatan(svg, s) {
    RobsimBoard.drawCatan(svg, board, geo, s, header.variant);
  }

  function catanPanel(panel, s) {
    const t = h("table");
    const head = h("tr");
    ["seat", "VP (public)", "hand", "development cards", "knights", "pieces left", "awards"].forEach((x) => head.appendChild(h("th", x)));
    t.appendChild(head);
    s.seats.forEach((seat) => {
      const tr = h("tr");
      const name = h("td", (seat.seat + 1) + " " + SEAT_NAME[seat.seat]);
      name.style.borderLeft = "8px solid " + SEAT[seat.seat];
      tr.appendChild(name);
      tr.appendChild(h("td", seat.vp + " (" + seat.public_vp + ")"));
      tr.appendChild(h("td", seat.hand.map((n, k) => n ? RES[k] + " " + n : "").filter((x) => x).join(", ") || "-"));
      const dev = seat.dev.map((n, k) => n + (seat.dev_new[k] || 0)).map((n, k) => n ? DEV[k].replace(/_/g, " ") + " " + n : "").filter((x) => x);
      tr.appendChild(h("td", dev.join(", ") || "-"));
      tr.appendChild(h("td", String(seat.knights_played)));
      tr.appendChild(h("td", "roads " + seat.roads_left + ", settlements " + seat.settlements_left + ", cities " + seat.cities_left + (seat.ships ? ", ships " + (15 - seat.ships.length) : "")));
      const aw = [];
      if (s.longest_road === seat.seat) aw.push(header.variant === "raiders" ? "longest trade route" : "longest road");
      if (s.largest_army === seat.seat) aw.push("largest army");
      tr.appendChild(h("td", aw.join(", ") || "-"));
      t.appendChild(tr);
    });
    panel.appendChild(t);
    const info = [];
    info.push("bank: " + s.bank.map((n, k) => RES[k] + " " + n).join(", "));
    info.push("deck: " + s.deck.reduce((a, b) => a + b, 0) + " cards");
    if (s.face_down) info.push("face-down tokens: " + s.face_down.length);
    if (s.destroyed && s.destroyed.length) info.push("destroyed tiles: " + s.destroyed.length);
    if (s.raiders) info.push("raiders in the pool: " + s.raiders.pool + ", hexes raided: " + s.raiders.raided.length + (s.raiders.storm_turn !== null ? ", storm since turn " + s.raiders.storm_turn : ""));
    panel.appendChild(h("p", info.join(" · "), "meta"));
  }

  // ---------------------------------------------------------------- Carcassonne
  const tileKinds = (LINES.find((l) => l.type === "tiles") || { kinds: [] }).kinds;
  const kindByName = {};
  tileKinds.forEach((k) => { kindByName[k.tile] = k; });
  const T = 40;

  // Tiles on the board and followers at step i: the start tile and every `placed` line before the
  // step's snapshot (the snapshot lists the followers).
  function carcTiles(i) {
    const tiles = [];
    let k = 0;
    for (const l of LINES) {
      if (l.type === "snapshot") {
        if (k === i) break;
        k++;
      }
      if (l.type === "start" || l.type === "placed") tiles.push(l);
    }
    return tiles;
  }

  function drawCarc(svg, s, i) {
    const tiles = carcTiles(i);
    const xs = tiles.map((t) => t.x), ys = tiles.map((t) => t.y);
    const minx = Math.min(0, ...xs) - 1, maxx = Math.max(0, ...xs) + 1;
    const miny = Math.min(0, ...ys) - 1, maxy = Math.max(0, ...ys) + 1;
    const boardH = (maxy - miny + 1) * T;
    const track = 10 * 22;
    svg.setAttribute("viewBox", [minx * T, miny * T, Math.max((maxx - minx + 1) * T, track + 20), boardH + 140].join(" "));
    const g = el("g", { class: "tiles" }, svg);
    const side = [[0, -1], [1, 0], [0, 1], [-1, 0]];
    tiles.forEach((t) => {
      const kind = kindByName[t.tile.replace("*", "")] || kindByName[t.tile] || { edges: "FFFF", segments: [] };
      const x = t.x * T, y = t.y * T, cx = x + T / 2, cy = y + T / 2;
      const tg = el("g", { class: "tile" }, g);
      el("rect", { x, y, width: T, height: T, fill: "#8fbf5a", stroke: "#4d6b2f" }, tg);
      for (let d = 0; d < 4; d++) {
        const e = kind.edges[(d - t.rot + 4) % 4];
        const [dx, dy] = side[d];
        const ex = cx + (dx * T) / 2, ey = cy + (dy * T) / 2;
        if (e === "C") {
          const px = -dy, py = dx;
          el("polygon", { points: [[ex + (px * T) / 2, ey + (py * T) / 2], [ex - (px * T) / 2, ey - (py * T) / 2], [cx - dx * 4, cy - dy * 4]].map((p) => p.join(",")).join(" "), fill: "#b5835a", stroke: "#6d4c30" }, tg);
        } else if (e === "R") {
          el("line", { x1: ex, y1: ey, x2: cx, y2: cy, stroke: "#f5f0e1", "stroke-width": 4 }, tg);
        }
      }
      if (kind.segments.indexOf("cloister") >= 0) el("rect", { x: cx - 6, y: cy - 6, width: 12, height: 12, fill: "#c0392b" }, tg);
      if (t.tile.indexOf("*") >= 0 || kind.robber) el("text", { x: x + 3, y: y + 10, "font-size": 9 }, tg, "R");
      el("title", {}, tg, t.tile + " at (" + t.x + ", " + t.y + "), rot " + t.rot);
    });
    const gf = el("g", { class: "followers" }, svg);
    (s.followers || []).forEach((f, k) => {
      const [p, x, y, seg] = f;
      el("circle", { cx: x * T + 10 + (seg % 3) * 10, cy: y * T + 12 + Math.floor(seg / 3) * 12, r: 6, fill: SEAT[p], stroke: "#111", class: "follower" }, gf);
    });
    // Scoreboard: 50 spaces in 5 rows of 10 below the board.
    const top = maxy * T + T + 20;
    const gs = el("g", { class: "scoreboard" }, svg);
    for (let k = 0; k < 50; k++) {
      el("rect", { x: minx * T + (k % 10) * 22, y: top + Math.floor(k / 10) * 22, width: 22, height: 22, fill: "#f7f1e3", stroke: "#bbb" }, gs);
      el("text", { x: minx * T + (k % 10) * 22 + 2, y: top + Math.floor(k / 10) * 22 + 8, "font-size": 6, fill: "#999" }, gs, String(k));
    }
    s.track.forEach((sp, p) => {
      el("circle", { cx: minx * T + (sp % 10) * 22 + 6 + (p % 3) * 5, cy: top + Math.floor(sp / 10) * 22 + 12 + Math.floor(p / 3) * 5, r: 4, fill: SEAT[p], stroke: "#111", class: "sb-figure" }, gs);
    });
    // Robber r belongs to seat r mod players (two robbers each with robbers_per_player = 2).
    s.robbers.forEach((sp, r) => {
      const p = r % s.scores.length;
      if (sp === null) return;
      const x = minx * T + (sp % 10) * 22 + 16, y = top + Math.floor(sp / 10) * 22 + 16;
      el("rect", { x: x - 4, y: y - 4, width: 8, height: 8, fill: SEAT[p], stroke: "#000", "stroke-width": 2, class: "sb-robber" }, gs);
    });
  }

  function carcPanel(panel, s) {
    const t = h("table");
    const head = h("tr");
    ["seat", "score", "scoreboard space", "followers in stock", "robber"].forEach((x) => head.appendChild(h("th", x)));
    t.appendChild(head);
    s.scores.forEach((sc, p) => {
      const tr = h("tr");
      const name = h("td", (p + 1) + " " + SEAT_NAME[p]);
      name.style.borderLeft = "8px solid " + SEAT[p];
      tr.appendChild(name);
      tr.appendChild(h("td", String(sc)));
      tr.appendChild(h("td", String(s.track[p])));
      tr.appendChild(h("td", String(s.followers_in_stock[p])));
      const mine = s.robbers.filter((_, r) => r % s.scores.length === p);
      tr.appendChild(h("td", mine.map((sp) => (sp === null ? "in stock" : "space " + sp)).join(", ")));
      t.appendChild(tr);
    });
    panel.appendChild(t);
    panel.appendChild(h("p", "tiles left: " + s.tiles_left, "meta"));
  }

  // ---------------------------------------------------------------- the page
  const slider = document.getElementById("step");
  slider.max = String(steps.length - 1);
  if (header.variant !== "carcassonne") catanGeometry();

  function show(i) {
    i = Math.max(0, Math.min(steps.length - 1, i | 0));
    slider.value = String(i);
    const s = steps[i].snap;
    const svg = document.getElementById("board");
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const panel = document.getElementById("seats");
    panel.textContent = "";
    if (header.variant === "carcassonne") {
      drawCarc(svg, s, i);
      carcPanel(panel, s);
    } else {
      drawCatan(svg, s);
      catanPanel(panel, s);
    }
    // Step i is #step=i and "step i of N" alike: step 0 is the board before anything happens.
    // The last step says why the game ended (or that the trace stops short of it).
    const ending = document.getElementById("ending");
    const cut = document.getElementById("incomplete");
    const last = i === steps.length - 1;
    let why = "";
    if (last && ending) why = ": " + ending.textContent;
    else if (last && cut) why = ": the trace ends here, before the game's end (incomplete)";
    if (ending) ending.hidden = !last;
    document.getElementById("label").textContent = stepLabel(i) + why + "  (step " + i + " of " + (steps.length - 1) + ")";
    const ev = document.getElementById("events");
    ev.textContent = "";
    steps[i].lines.forEach((l) => {
      const li = h("li", header.variant === "carcassonne" ? describe(l) : words(l), l.type === "action" || l.type === "chance" ? "decision" : "");
      ev.appendChild(li);
    });
    // What is drawn, counted from the drawing itself, for checks (tests/cli/replay.rs).
    const count = (sel) => String(svg.querySelectorAll(sel).length);
    svg.setAttribute("data-step", String(i));
    svg.setAttribute("data-turn", String(s.turn));
    svg.setAttribute("data-face-down", count(".token.face-down"));
    svg.setAttribute("data-face-up", count(".token.face-up"));
    svg.setAttribute("data-settlements", count(".settlement"));
    svg.setAttribute("data-cities", count(".city"));
    svg.setAttribute("data-roads", count(".road"));
    svg.setAttribute("data-ships", count(".ship"));
    svg.setAttribute("data-destroyed", count(".hex.destroyed"));
    svg.setAttribute("data-raided", count(".hex.raided"));
    svg.setAttribute("data-robber", count(".robber"));
    svg.setAttribute("data-tiles", count(".tile"));
    svg.setAttribute("data-followers", count(".follower"));
    svg.setAttribute("data-sb-robbers", count(".sb-robber"));
    const want = "#step=" + i;
    if (location.hash !== want) history.replaceState(null, "", want);
  }

  function fromHash() {
    const m = /step=(\d+)/.exec(location.hash);
    if (m) return parseInt(m[1], 10);
    const t = /turn=(\d+)/.exec(location.hash);
    if (t) {
      // The step that shows turn N's moves: Carcassonne's snapshot after tile N; Catan's first
      // snapshot after the start of turn N.
      const want = parseInt(t[1], 10);
      const k = steps.findIndex((x) => x.snap.turn >= want && x.snap.reason !== "start");
      if (k < 0) return steps.length - 1;
      return header.variant === "carcassonne" ? k : Math.min(k + 1, steps.length - 1);
    }
    return 0;
  }

  slider.addEventListener("input", () => show(parseInt(slider.value, 10)));
  document.getElementById("first").onclick = () => show(0);
  document.getElementById("prev").onclick = () => show(parseInt(slider.value, 10) - 1);
  document.getElementById("next").onclick = () => show(parseInt(slider.value, 10) + 1);
  document.getElementById("last").onclick = () => show(steps.length - 1);
  let timer = null;
  document.getElementById("play").onclick = () => {
    if (timer) { clearInterval(timer); timer = null; return; }
    timer = setInterval(() => {
      const i = parseInt(slider.value, 10);
      if (i >= steps.length - 1) { clearInterval(timer); timer = null; } else show(i + 1);
    }, 400);
  };
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") show(parseInt(slider.value, 10) + 1);
    if (e.key === "ArrowLeft") show(parseInt(slider.value, 10) - 1);
  });
  window.addEventListener("hashchange", () => show(fromHash()));
  show(fromHash());
})();
