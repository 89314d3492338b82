'use strict';
/** A bot in JavaScript that plays a uniformly random legal action, in either game. */
const path = require('node:path');
const { Bot, run } = require(path.resolve(__dirname, '..', '..', 'sdk', 'node'));

class RandomBot extends Bot {
  constructor() {
    super({ name: 'node-random', version: '1.0', author: 'Ruckus samples' });
  }

  choose(observation, actions) {
    return Math.floor(Math.random() * actions.length);
  }
}

run(new RandomBot());
