'use strict';
/**
 * A bot in JavaScript that plays a uniformly random legal action, in either game.
 *
 * Like the Python random bot, each choice is drawn from the request itself (the observation
 * and the decision id), so replaying a match replays the bot's choices too.
 */
const crypto = require('node:crypto');
const path = require('node:path');
const { Bot, run } = require(path.resolve(__dirname, '..', '..', 'sdk', 'node'));

class RandomBot extends Bot {
  constructor() {
    super({ name: 'node-random', version: '1.1', author: 'Ruckus samples' });
  }

  decide(request) {
    const digest = crypto
      .createHash('sha256')
      .update(JSON.stringify(request.observation))
      .update(`/${request.decision_id}/${request.legal_actions.length}`)
      .digest();
    return digest.readUInt32LE(0) % request.legal_actions.length;
  }
}

run(new RandomBot());
