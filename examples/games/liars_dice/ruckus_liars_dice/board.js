"use strict";
// The Liar's Dice board of the HTML replay: each seat's cup, the standing bid, the last reveal.
// It uses only the page's label (which escapes its text) and SEAT_COLORS (docs/games.md of Ruckus).
(() => {
// The page has four seat colours; seats 4 and 5 of a six-seat match get two more.
const COLORS = [...SEAT_COLORS, "#ff7f0e", "#8c564b"];
const seatColor = (seat) => COLORS[seat % COLORS.length];
const WIDTH = 640;
const ROW = 48;
const DIE = 34;
const REVEAL_ROW = 32;
const SMALL = 24;

function die(x, y, size, face, fill, stroke) {
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="5" fill="${fill}" ` +
    `stroke="${stroke}" stroke-width="2" class="die"/>` +
    label(x + size / 2, y + size / 2, face, "#222", size * 0.5, `font-weight="bold"`);
}

function counts(value, face, wild) {
  return value === face || (wild && value === 1);
}

function cupRow(obs, row, y) {
  const color = seatColor(row.seat);
  let out = label(40, y + DIE / 2, `seat ${row.seat}`, color, 14, `font-weight="bold"`);
  if (row.out) return out + label(110, y + DIE / 2, "out", "#999", 14);
  if (obs.to_move === null) return out + label(130, y + DIE / 2, `${row.dice_left} dice left`, "#333", 14);
  const mine = row.seat === obs.viewer ? obs.dice || [] : null;
  for (let k = 0; k < row.dice_left; k++) {
    const x = 84 + k * (DIE + 6);
    out += mine ? die(x, y, DIE, mine[k], "#fff", color) : die(x, y, DIE, "?", "#ddd", "#aaa");
  }
  if (obs.to_move === row.seat) {
    out += label(84 + row.dice_left * (DIE + 6) + 40, y + DIE / 2, "\u25C0 to move", "#000", 13);
  }
  return out;
}

function shownCups(reveal) {
  return reveal.dice.map((cup, seat) => [seat, cup]).filter(([, cup]) => cup.length > 0);
}

function revealRows(obs, top) {
  const r = obs.last_reveal;
  let out = label(WIDTH / 2, top, `Round ${r.round}: seat ${r.challenger} called LIAR on ` +
    `${r.quantity}\u00D7${r.face} by seat ${r.bidder}; ${r.count} counted; seat ${r.loser} lost a die`,
    "#333", 13);
  shownCups(r).forEach(([seat, cup], row) => {
    const y = top + 14 + row * REVEAL_ROW;
    out += label(40, y + SMALL / 2, `seat ${seat}`, seatColor(seat), 12);
    cup.forEach((value, k) => {
      const hit = counts(value, r.face, obs.wild_ones);
      out += die(84 + k * (SMALL + 4), y, SMALL, value, hit ? "#9ae6b4" : "#fff", hit ? "#2f855a" : "#aaa");
    });
  });
  return out;
}

function drawLiarsDice(map, obs) {
  const ones = obs.wild_ones ? "ones wild" : "ones not wild";
  let svg = label(WIDTH / 2, 16, `Round ${obs.round} of at most ${map.max_rounds}: ` +
    `${obs.dice_in_play} dice in play, ${obs.faces} faces, ${ones}`, "#000", 14, `font-weight="bold"`);
  obs.seats.forEach((row, i) => { svg += cupRow(obs, row, 34 + i * ROW); });
  let y = 34 + obs.seats.length * ROW + 12;
  const bid = obs.bid;
  const bidText = obs.to_move === null ? "Game over"
    : bid ? `Standing bid: ${bid.quantity}\u00D7${bid.face} by seat ${bid.seat}` : "No bid yet";
  svg += label(WIDTH / 2, y, bidText, "#1a365d", 15, `font-weight="bold" class="bid"`);
  y += 30;
  if (obs.last_reveal) {
    svg += `<g class="reveal">${revealRows(obs, y)}</g>`;
    y += 14 + shownCups(obs.last_reveal).length * REVEAL_ROW;
  }
  return { width: WIDTH, height: y + 8, svg };
}

registerBoard("liars-dice", {
  draw(map, obs) { return drawLiarsDice(map, obs); },
  legend: ["white die: a die the viewer may see", "grey ?: a hidden die",
    "green die in the reveal: counted toward the challenged bid (ones when wild)"],
  seatFacts(obs, seat) {
    const row = obs.seats[seat];
    return { side: "", color: seatColor(seat), extra: row.out ? "out" : `${row.dice_left} ${row.dice_left === 1 ? "die" : "dice"}` };
  },
  privateText(obs) {
    if (obs.viewer === null || obs.to_move === null) return "";
    return `Seat ${obs.viewer} dice: ${(obs.dice || []).join(" ") || "none"}`;
  },
});
})();
