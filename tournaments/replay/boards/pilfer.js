"use strict";
// The Pilfer board of the HTML replay (see docs/games.md for registerBoard).
(() => {
const PILFER_COLORS = { red: "#d62728", green: "#2ca02c", blue: "#1f77b4", yellow: "#d4a017" };
const TOKEN_LETTERS = { food_1: "1", food_2: "2", food_3: "3", sparkly: "s", cat: "c", dog: "d",
  trap: "t", alarm: "a", dumpster: "u" };

function drawPilfer(map, obs) {
  let out = "";
  for (let y = 0; y < map.height; y++) for (let x = 0; x < map.width; x++) out += rect(x, y, "#e8e4d0");
  for (const lane of map.lanes) {
    for (const c of lane.cells) out += rect(c.x, c.y, "#9a9a9a");
    out += label((lane.arrow.x + 0.5) * S, (lane.arrow.y + 0.5) * S, lane.heading, "#fff", 14);
  }
  for (const b of map.buildings) for (const c of b.cells) out += rect(c.x, c.y, "#a87b5a", `class="building"`);
  for (const t of map.trees) {
    out += `<circle cx="${(t.x + 0.5) * S}" cy="${(t.y + 0.5) * S}" r="${S * 0.38}" fill="#3f8f3f" class="tree"/>`;
  }
  for (const s of map.seats) out += rect(s.x, s.y, PILFER_COLORS[s.color] || "#999", `opacity="0.45"`);
  for (const d of map.token_dots) {
    out += `<circle cx="${(d.x + 0.5) * S}" cy="${(d.y + 0.5) * S}" r="2.5" fill="#0004"/>`;
  }
  out += grid(map.width, map.height);
  for (const w of map.walls) out += edge(w, "#3b2a1a", 4);
  for (const o of obs.openings) out += edge(o, "#e8e4d0", 5, `stroke-dasharray="4 4"`);
  for (const [key, tokens] of byCell(obs.tokens)) {
    const [x, y] = key.split(",").map(Number);
    const t = tokens[0];
    const known = t.kind !== null;
    const fill = t.face_up ? "#fff8dc" : known ? "#fde68a" : "#777";
    const text = known ? (TOKEN_LETTERS[t.kind] || "*") : "?";
    out += `<g class="token"><title>${esc(known ? t.kind : "face-down token")} (${tokens.length})</title>` +
      `<rect x="${x * S + S * 0.58}" y="${y * S + 3}" width="${S * 0.38}" height="${S * 0.38}" rx="3" ` +
      `fill="${fill}" stroke="#333" stroke-width="${t.sniffed ? 2 : 0.8}"/>` +
      label(x * S + S * 0.77, y * S + 3 + S * 0.19, text, known ? "#000" : "#fff", 11, `font-weight="bold"`) + `</g>`;
  }
  const colors = Object.fromEntries(obs.seats.map((s) => [s.seat, PILFER_COLORS[s.color] || "#999"]));
  const models = [];
  for (const c of obs.critters) models.push({ x: c.x, y: c.y, critter: c });
  for (const t of obs.townsfolk) if (!t.driven_out) models.push({ x: t.x, y: t.y, folk: t });
  for (const [key, here] of byCell(models)) {
    const [x, y] = key.split(",").map(Number);
    offsets(here.length).forEach(([dx, dy], i) => {
      const cx = (x + 0.5) * S + dx, cy = (y + 0.55) * S + dy;
      const m = here[i];
      if (m.critter) {
        const c = m.critter;
        const ring = c.id === obs.active_critter ? `stroke="#000" stroke-width="3"` : `stroke="#fff" stroke-width="1.5"`;
        out += `<g class="critter"><title>critter ${c.id} ${esc(c.type)} of seat ${c.owner}` +
          `${c.trapped ? " (trapped)" : ""}, carrying ${c.carrying.length}</title>` +
          `<circle cx="${cx}" cy="${cy}" r="${S * 0.27}" fill="${colors[c.owner]}" ${ring}/>` +
          label(cx, cy, c.type[0].toUpperCase(), "#fff", 13, `font-weight="bold"`) + `</g>`;
      } else {
        const t = m.folk;
        // Townsfolk are not seats: a pale diamond with their colour as its border and glyph.
        const hue = PILFER_COLORS[t.color] || "#999";
        out += `<g class="townsfolk"><title>townsfolk ${esc(t.id)}</title>` +
          `<rect x="${cx - S * 0.2}" y="${cy - S * 0.2}" width="${S * 0.4}" height="${S * 0.4}" ` +
          `transform="rotate(45 ${cx} ${cy})" fill="#f7f3e8" stroke="${hue}" stroke-width="3"/>` +
          label(cx, cy, "@", hue, 12, `font-weight="bold"`) + `</g>`;
      }
    });
  }
  return out;
}

registerBoard("pilfer", {
  draw(map, obs) {
    return { width: map.width * S, height: map.height * S, svg: drawPilfer(map, obs) };
  },
  legend: ["critter: seat-colored circle (letter = type)", "@ townsfolk: pale diamond, bordered in its colour", "? face-down token",
    "token letters: 1 2 3 food, s sparkly, c cat, d dog, t trap, a alarm, u dumpster (thick border: sniffed)",
    "brown: building, green: tree, grey: lane, tinted: start space, dark lines: walls"],
  seatFacts(obs, seat) {
    const row = obs.seats[seat];
    return { side: row.color, color: PILFER_COLORS[row.color] || "#999",
      extra: `gross ${row.gross}, spent ${row.spent}` };
  },
  privateText(obs) {
    if (obs.viewer === null) return "";
    const known = obs.tokens.filter((t) => t.sniffed).map((t) => `${t.kind} at ${t.x},${t.y}`);
    return `Seat ${obs.viewer} knows: ${known.join(", ") || "no sniffed tokens"}`;
  },
});
})();
