"use strict";
// The Wabbit Wampage board of the HTML replay (see docs/games.md for registerBoard).
(() => {
const TERRAIN = { open: "#cfe3a6", field: "#e9d58f", highway: "#8a8a8a", pond: "#7db9e8",
  hole: "#cfe3a6", building: "#b5651d" };

function drawWabbit(map, obs) {
  let out = "";
  for (let y = 0; y < map.height; y++) for (let x = 0; x < map.width; x++) {
    out += rect(x, y, TERRAIN[map.terrain[y][x]] || "#ccc");
  }
  const standing = Object.fromEntries(obs.buildings.map((b) => [b.id, b]));
  for (const f of obs.fields) {
    if (f.ploughed) out += rect(f.x, f.y, "#8b5a2b", `opacity="0.55"`);
    if (f.planted) out += label((f.x + 0.5) * S, (f.y + 0.5) * S, "\u2228", "#2f855a", 22, `font-weight="bold"`);
  }
  for (const b of map.buildings) {
    const state = standing[b.id];
    const fill = state && !state.standing ? "#9e9e9e" : "#b5651d";
    for (const c of b.cells) out += rect(c.x, c.y, fill, `class="building"`);
  }
  out += grid(map.width, map.height);
  for (const b of map.buildings) {
    const state = standing[b.id];
    const xs = b.cells.map((c) => c.x), ys = b.cells.map((c) => c.y);
    const cx = ((Math.min(...xs) + Math.max(...xs) + 1) / 2) * S;
    const cy = Math.min(...ys) * S + 9;
    const damage = state ? `${state.damage}/${state.structure}${state.standing ? "" : " rubble"}` : "";
    const text = b.cells.length > 2 ? `${b.name} ${damage}` : damage;
    out += `<g class="building-label"><title>${esc(b.name)} ${esc(damage)}</title>` +
      label(cx, cy, text, "#fff", 10, `font-weight="bold"`) + `</g>`;
  }
  out += rect(map.mailbox.x, map.mailbox.y, "none", `stroke="#1a365d" stroke-width="3"`);
  out += label((map.mailbox.x + 0.5) * S, (map.mailbox.y + 0.2) * S, "mail", "#1a365d", 9);
  for (const w of map.warrens) {
    out += label((w.x + 0.5) * S, (w.y + 0.15) * S, w.warren.toUpperCase(), "#553c9a", 10, `font-weight="bold"`);
  }
  for (const h of obs.holes) {
    out += `<ellipse cx="${(h.x + 0.5) * S}" cy="${(h.y + 0.6) * S}" rx="${S * 0.36}" ry="${S * 0.22}" ` +
      `fill="#2d2013" class="hole"><title>${h.portable ? "portable hole" : "hole"}</title></ellipse>`;
  }
  for (const it of obs.items) {
    out += `<g class="item"><title>${esc(it.item)}</title>` +
      `<rect x="${it.x * S + 2}" y="${it.y * S + 2}" width="${S * 0.36}" height="${S * 0.36}" rx="3" fill="#38b2ac" stroke="#234e52"/>` +
      label(it.x * S + 2 + S * 0.18, it.y * S + 2 + S * 0.18, it.kind[0], "#fff", 10, `font-weight="bold"`) + `</g>`;
  }
  for (const c of obs.loose_carrots) {
    out += `<g class="carrots"><title>${c.count} loose carrots</title>` +
      `<polygon points="${(c.x + 0.72) * S},${(c.y + 0.95) * S} ${(c.x + 0.6) * S},${(c.y + 0.62) * S} ${(c.x + 0.84) * S},${(c.y + 0.62) * S}" fill="#ed8936"/>` +
      label((c.x + 0.9) * S, (c.y + 0.85) * S, c.count, "#000", 9) + `</g>`;
  }
  for (const [key, here] of byCell(obs.characters)) {
    const [x, y] = key.split(",").map(Number);
    offsets(here.length).forEach(([dx, dy], i) => {
      const c = here[i];
      const cx = (x + 0.5) * S + dx, cy = (y + 0.5) * S + dy;
      const ring = c.active ? `stroke="#000" stroke-width="3"` : `stroke="#fff" stroke-width="1.5"`;
      const held = [c.weapon, c.vehicle].filter(Boolean).join(", ") || "nothing";
      out += `<g class="character"><title>${esc(c.name)} (seat ${c.owner}) holding ${esc(held)}, carrots ${c.carrots}` +
        `${c.disguised ? ", disguised" : ""}</title>` +
        `<circle cx="${cx}" cy="${cy}" r="${S * 0.28}" fill="${SEAT_COLORS[c.owner % 4]}" ${ring} ` +
        `${c.disguised ? `stroke-dasharray="3 2"` : ""}/>` +
        label(cx, cy - 3, c.id, "#fff", 12, `font-weight="bold"`) +
        label(cx, cy + 8, c.kind[0].toUpperCase(), "#fff", 8) + `</g>`;
    });
  }
  return out;
}

registerBoard("wabbit", {
  draw(map, obs) {
    return { width: map.width * S, height: map.height * S, svg: drawWabbit(map, obs) };
  },
  legend: ["character: seat-colored circle (number = id, letter = kind; ring = active)",
    "teal square: item", "orange: loose carrots", "\u2228 planted carrot", "brown field: ploughed",
    "dark ellipse: hole", "blue: pond, grey: highway, yellow: field"],
  seatFacts(obs, seat) {
    const row = obs.seats[seat];
    return { side: row.side + (row.warren ? ` ${row.warren.toUpperCase()}` : ""),
      color: SEAT_COLORS[seat % 4], extra: `${row.hand_size} cards, ${row.carrots_stockpiled} carrots` };
  },
  privateText(obs) {
    if (obs.viewer === null) return "";
    return `Seat ${obs.viewer} hand: ${(obs.hand || []).map((c) => c.name).join(", ") || "empty"}`;
  },
});
})();
