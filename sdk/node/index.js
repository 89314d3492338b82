'use strict';
/**
 * The Ruckus bot SDK for Node.js: subclass Bot, write choose(), serve it with run().
 *
 * The protocol is loaded at run time from the same .proto files as every other SDK
 * (proto/ruckus/v1 in the repository; set RUCKUS_PROTO_DIR to use another copy).
 */
const path = require('node:path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
const PROTO_DIR = process.env.RUCKUS_PROTO_DIR || path.resolve(__dirname, '..', '..', 'proto');

/** Load the ruckus.v1 package (messages as plain objects; oneofs name their set member). */
function loadProtocol(protoDir = PROTO_DIR) {
  const definition = protoLoader.loadSync(['ruckus/v1/bot.proto'], {
    includeDirs: [protoDir],
    keepCase: true,
    longs: Number,
    enums: String,
    defaults: true,
    oneofs: true,
  });
  return grpc.loadPackageDefinition(definition).ruckus.v1;
}

/** Return the game-specific message inside a `oneof game` wrapper (observation, action...). */
function gameMessage(wrapper) {
  if (!wrapper || !wrapper.game) {
    throw new Error('payload carries no game message');
  }
  return wrapper[wrapper.game];
}

/** Base class of a bot: override choose(observation, actions); the other hooks are optional. */
class Bot {
  constructor({ name = 'unnamed-bot', version = '0.1.0', author = '', games = ['pilfer', 'wabbit'] } = {}) {
    this.name = name;
    this.version = version;
    this.author = author;
    this.games = games;
  }

  /** Return the index of the action to play; each action has `label` and `action`. */
  choose(observation, actions) {
    throw new Error('a bot must override choose()');
  }

  /** Answer a full DecisionRequest; override to see events and the time left. */
  decide(request) {
    return this.choose(gameMessage(request.observation), request.legal_actions);
  }

  /** Called when a match starts (seat, config, static map, clocks). */
  start(matchStart) {}

  /** Called when a match ends, with its outcome. */
  end(matchEnd) {}

  info() {
    return {
      name: this.name,
      version: this.version,
      author: this.author,
      language: 'javascript',
      games: this.games,
    };
  }
}

/** The Bot service handlers around a Bot. */
function botService(bot) {
  return {
    Describe(call, callback) {
      callback(null, bot.info());
    },
    Play(call) {
      call.on('data', (message) => {
        try {
          if (message.kind === 'start') {
            bot.start(message.start);
          } else if (message.kind === 'decision') {
            const request = message.decision;
            const index = bot.decide(request);
            call.write({ decision: { decision_id: request.decision_id, action_index: index } });
          } else if (message.kind === 'end') {
            bot.end(message.end);
            call.end();
          }
        } catch (error) {
          process.stderr.write(`${bot.name}: ${error.stack || error}\n`);
          call.destroy(error);
        }
      });
      call.on('end', () => call.end());
      call.on('error', () => {});
    },
  };
}

function portFromArgs(argv) {
  const at = argv.indexOf('--port');
  if (at >= 0 && at + 1 < argv.length) {
    return argv[at + 1];
  }
  const inline = argv.find((arg) => arg.startsWith('--port='));
  return inline ? inline.slice('--port='.length) : process.env.RUCKUS_PORT;
}

/**
 * Where to listen: --port N, else $RUCKUS_ADDRESS (`unix:/path` inside a sandbox),
 * else 127.0.0.1:$RUCKUS_PORT; undefined when none is given.
 */
function listenAddress(argv) {
  const hasPort = argv.includes('--port') || argv.some((arg) => arg.startsWith('--port='));
  if (!hasPort && process.env.RUCKUS_ADDRESS) {
    return process.env.RUCKUS_ADDRESS;
  }
  const port = portFromArgs(argv);
  return port === undefined ? undefined : `127.0.0.1:${Number(port)}`;
}

/** Start serving `bot` at `address` (`host:port`, port 0 picks one, or `unix:/path`). */
function serveAt(bot, address) {
  const protocol = loadProtocol();
  const server = new grpc.Server({
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
    'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
  });
  server.addService(protocol.Bot.service, botService(bot));
  return new Promise((resolve, reject) => {
    server.bindAsync(address, grpc.ServerCredentials.createInsecure(), (error, bound) => {
      if (error) {
        reject(error);
      } else {
        resolve([server, bound]);
      }
    });
  });
}

/** Start serving `bot` on host:port (port 0 picks a free one); resolves to [server, port]. */
function serve(bot, port, host = '127.0.0.1') {
  return serveAt(bot, `${host}:${port}`);
}

/** Serve `bot` until SIGTERM or SIGINT on --port N, $RUCKUS_ADDRESS or $RUCKUS_PORT. */
function run(bot, argv = process.argv.slice(2)) {
  const address = listenAddress(argv);
  if (address === undefined) {
    process.stderr.write(`${bot.name}: no address; pass --port N or set RUCKUS_ADDRESS or RUCKUS_PORT\n`);
    process.exit(2);
  }
  serveAt(bot, address).then(
    ([server, bound]) => {
      const where = address.startsWith('unix:') ? address : `127.0.0.1:${bound}`;
      process.stderr.write(`${bot.name} listening on ${where}\n`);
      const stop = () => server.tryShutdown(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
    (error) => {
      process.stderr.write(`${bot.name}: cannot listen on ${address}: ${error.message}\n`);
      process.exit(1);
    },
  );
}

module.exports = { Bot, gameMessage, loadProtocol, run, serve, serveAt, MAX_MESSAGE_BYTES };
