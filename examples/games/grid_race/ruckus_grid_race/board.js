"use strict";
// The Grid Race board of the HTML replay: the grid, every snake and the food.
// It uses only the page's helpers (rect, grid, label, S, SEAT_COLORS; docs/games.md of Ruckus).
(() => {
const ARROWS = { N: "\u2191", E: "\u2192", S: "\u2193", W: "\u2190" };

function drawGridRace(map, obs) {
  let svg = grid(map.width, map.height);
  for (const [x, y] of obs.food) {
    svg += `<circle cx="${x * S + S / 2}" cy="${y * S + S / 2}" r="${S / 5}" fill="#2f855a" class="food"/>`;
  }
  obs.snakes.forEach((snake, seat) => {
    const color = SEAT_COLORS[seat % 4];
    [...snake.body].reverse().forEach(([x, y], k) => {
      const head = k === snake.body.length - 1;
      svg += rect(x, y, color, head ? `class="head" opacity="1"` : `class="body" opacity="0.55"`);
    });
    if (snake.body.length > 0) {
      const [x, y] = snake.body[0];
      const move = obs.last_moves[seat];
      svg += label(x * S + S / 2, y * S + S / 2, move ? ARROWS[move] : String(seat), "#fff", 18,
        `font-weight="bold"`);
    }
  });
  return { width: map.width * S, height: map.height * S, svg };
}

registerBoard("grid-race", {
  draw(map, obs) { return drawGridRace(map, obs); },
  legend: ["solid square: a snake's head (the arrow is its last move)", "pale squares: its body",
    "green dot: food", "every snake still in moves at once: a frame is one turn"],
  seatFacts(obs, seat) {
    const snake = obs.snakes[seat];
    const extra = snake.in ? `length ${snake.length}` : `length ${snake.length}, out on turn ${snake.out_turn}`;
    return { side: "", color: SEAT_COLORS[seat % 4], extra };
  },
  privateText() { return ""; },
});
})();
