'use strict';
/**
 * A greedy Pilfer bot in JavaScript, written against the Node SDK only.
 *
 * It buys a Raccoon, picks up sparkly tokens and food it can carry, carries food home
 * along the cheapest path (walls cost the OPEN it takes to get through them), and
 * otherwise walks to the nearest token worth having, never stepping onto a townsfolk.
 * It avoids scuffles when it can, declines optional ones, and pushes townsfolk away.
 */
const path = require('node:path');
const { Bot, gameMessage, run } = require(path.resolve(__dirname, '..', '..', 'sdk', 'node'));

const STEPS = {
  N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0],
  NE: [1, -1], SE: [1, 1], SW: [-1, 1], NW: [-1, -1],
};
const DICE = {
  squirrel: 1, goose: 1, weasel: 1, skunk: 1, turtle: 1,
  raccoon: 2, fox: 2, boar: 2, wolf: 3, buck: 3,
};
const BAD = new Set(['cat', 'dog', 'trap', 'alarm']);
const WALL_COST = 3;

const key = (x, y) => `${x},${y}`;
const edgeKey = (x1, y1, x2, y2) =>
  (x1 < x2 || (x1 === x2 && y1 <= y2)) ? `${x1},${y1}|${x2},${y2}` : `${x2},${y2}|${x1},${y1}`;

/** The board of one match: size, walls and start spaces (from MatchStart.static_map). */
class Board {
  constructor(staticMap) {
    this.width = staticMap.width || 12;
    this.height = staticMap.height || 12;
    this.walls = new Set((staticMap.walls || []).map((w) => edgeKey(w.x1, w.y1, w.x2, w.y2)));
    this.starts = new Map((staticMap.seats || []).map((s) => [key(s.x, s.y), s.seat]));
  }

  /** Path cost from every cell to (gx, gy) for orthogonal moves; walls cost WALL_COST. */
  costsTo(gx, gy, seat, openings) {
    const cost = new Map([[key(gx, gy), 0]]);
    const queue = [[0, gx, gy]];
    while (queue.length) {
      queue.sort((a, b) => a[0] - b[0]);
      const [c, x, y] = queue.shift();
      if (c > cost.get(key(x, y))) continue;
      for (const d of ['N', 'E', 'S', 'W']) {
        const nx = x + STEPS[d][0];
        const ny = y + STEPS[d][1];
        if (nx < 0 || ny < 0 || nx >= this.width || ny >= this.height) continue;
        const owner = this.starts.get(key(nx, ny));
        if (owner !== undefined && owner !== seat) continue;
        const e = edgeKey(x, y, nx, ny);
        const step = this.walls.has(e) && !openings.has(e) ? WALL_COST : 1;
        if (c + step < (cost.get(key(nx, ny)) ?? Infinity)) {
          cost.set(key(nx, ny), c + step);
          queue.push([c + step, nx, ny]);
        }
      }
    }
    return cost;
  }
}

class GreedyBot extends Bot {
  constructor() {
    super({ name: 'node-greedy', version: '1.0', author: 'Ruckus samples', games: ['pilfer'] });
    this.boards = new Map();
  }

  start(matchStart) {
    this.boards.set(matchStart.scenario, new Board(gameMessage(matchStart.static_map)));
  }

  choose(obs, legal) {
    const actions = legal.map((a) => gameMessage(a.action));
    const find = (kind, test = () => true) => actions.findIndex((a) => a.kind === kind && test(a));
    const first = (...indices) => indices.find((i) => i >= 0) ?? 0;
    const board = this.boards.get(obs.scenario) || new Board({});
    const seat = obs.viewer || 0;
    const mine = obs.critters.filter((c) => c.owner === seat);
    switch (obs.decision) {
      case 'setup_buy':
        return first(mine.length ? -1 : find('buy', (a) => a.critter_type === 'raccoon'), find('done'));
      case 'main':
        return first(find('activate'), find('end_turn'));
      case 'activation':
        return this.activation(obs, actions, board, seat, find, first);
      case 'avoid':
        return first(find('avoid', (a) => a.yes));
      case 'optional_scuffle':
        return first(find('optional_scuffle', (a) => !a.yes));
      case 'push_step':
        return first(find('push_step'), find('stop'));
      case 'dumpster_take':
        return first(find('dumpster_take', (a) => a.token_kind === 'sparkly'), find('decline'));
      default:
        return 0;
    }
  }

  activation(obs, actions, board, seat, find, first) {
    const critter = obs.critters.find((c) => c.id === obs.active_critter);
    const quick = [
      find('open', (a) => a.target === 'trap'),
      find('pick_up', (a) => a.token_kind === 'sparkly'),
      find('pick_up'),
    ].find((i) => i >= 0);
    const stop = first(find('end_activation'));
    if (quick !== undefined) return quick;
    if (!critter) return stop;
    const goal = critter.carrying.length ? this.home(obs, seat) : this.target(obs, critter);
    if (!goal) return stop;
    const openings = new Set(obs.openings.map((o) => edgeKey(o.x1, o.y1, o.x2, o.y2)));
    const cost = board.costsTo(goal[0], goal[1], seat, openings);
    const crowded = new Set(obs.townsfolk.filter((t) => !t.driven_out).map((t) => key(t.x, t.y)));
    let best = [cost.get(key(critter.x, critter.y)) ?? Infinity, stop];
    actions.forEach((a, i) => {
      const dir = a.kind === 'move' ? a.direction : a.kind === 'open' && a.target === 'wall' ? a.wall : '';
      if (!STEPS[dir]) return;
      const cell = key(critter.x + STEPS[dir][0], critter.y + STEPS[dir][1]);
      const here = (cost.get(cell) ?? Infinity) + (a.kind === 'open' ? WALL_COST - 1 : 0);
      const risky = crowded.has(cell) && cell !== key(goal[0], goal[1]) ? 5 : 0;
      if (here + risky < best[0]) best = [here + risky, i];
    });
    return best[1];
  }

  home(obs, seat) {
    const mySeat = obs.seats.find((s) => s.seat === seat);
    return mySeat ? [mySeat.start_x, mySeat.start_y] : null;
  }

  /** The nearest token that is neither known bad nor food too big to carry. */
  target(obs, critter) {
    let best = null;
    for (const t of obs.tokens) {
      if (t.x === critter.x && t.y === critter.y) continue;
      const kind = t.kind || '';
      if (BAD.has(kind) || kind === 'dumpster') continue;
      if (kind.startsWith('food_') && Number(kind.slice(5)) > DICE[critter.type]) continue;
      const distance = Math.abs(t.x - critter.x) + Math.abs(t.y - critter.y) - (kind ? 2 : 0);
      if (!best || distance < best[0]) best = [distance, t.x, t.y];
    }
    return best && [best[1], best[2]];
  }
}

run(new GreedyBot());
