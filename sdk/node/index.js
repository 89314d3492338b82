'use strict';
/**
 * The Ruckus bot SDK for Node.js: subclass Bot, write choose(), serve it with run().
 *
 * The protocol is loaded at run time from the same .proto files as every other SDK
 * (proto/ruckus/v1 in the repository; set RUCKUS_PROTO_DIR to use another copy).
 *
 * A bot that others reach over a network serves TLS with RUCKUS_TLS_CERT and RUCKUS_TLS_KEY
 * (and asks callers for a certificate signed by RUCKUS_TLS_CLIENT_CA when set), and with
 * RUCKUS_TOKEN refuses every call whose metadata lacks `authorization: Bearer <token>`.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
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
  constructor({ name = 'unnamed-bot', version = '0.1.0', author = '', games = [] } = {}) {
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

const REFUSAL = {
  code: grpc.status.UNAUTHENTICATED,
  details: "this server needs metadata 'authorization: Bearer <token>' with its token",
};

/**
 * Return a check of a call's metadata: true when it holds exactly one `authorization` entry
 * equal to `Bearer <token>` (always true without a token). Both sides are hashed first, so the
 * comparison takes the same time whatever the caller sent.
 */
function tokenCheck(token) {
  if (!token) {
    return () => true;
  }
  const digest = (text) => crypto.createHash('sha256').update(text).digest();
  const expected = digest(`Bearer ${token}`);
  return (metadata) => {
    const values = metadata.get('authorization');
    return values.length === 1 && typeof values[0] === 'string'
      && crypto.timingSafeEqual(digest(values[0]), expected);
  };
}

/** The Bot service handlers around a Bot; calls whose metadata fails `authorized` are refused. */
function botService(bot, authorized = () => true) {
  return {
    Describe(call, callback) {
      if (!authorized(call.metadata)) {
        callback(REFUSAL);
        return;
      }
      callback(null, bot.info());
    },
    Play(call) {
      if (!authorized(call.metadata)) {
        call.emit('error', REFUSAL);
        return;
      }
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

/**
 * Return the server's credentials as RUCKUS_TLS_CERT, RUCKUS_TLS_KEY and RUCKUS_TLS_CLIENT_CA
 * in `env` ask: insecure without them, TLS with both, mutual TLS with the client CA too.
 */
function serverCredentials(env = process.env) {
  const { RUCKUS_TLS_CERT: cert, RUCKUS_TLS_KEY: key, RUCKUS_TLS_CLIENT_CA: clientCa } = env;
  if (!cert && !key) {
    if (clientCa) {
      throw new Error('RUCKUS_TLS_CLIENT_CA needs RUCKUS_TLS_CERT and RUCKUS_TLS_KEY');
    }
    return grpc.ServerCredentials.createInsecure();
  }
  if (!cert || !key) {
    throw new Error('set both RUCKUS_TLS_CERT and RUCKUS_TLS_KEY, or neither');
  }
  const pair = { private_key: fs.readFileSync(key), cert_chain: fs.readFileSync(cert) };
  const roots = clientCa ? fs.readFileSync(clientCa) : null;
  return grpc.ServerCredentials.createSsl(roots, [pair], Boolean(clientCa));
}

/**
 * Start serving `bot` at `address` (`host:port`, port 0 picks one, or `unix:/path`), with
 * `credentials` (default: insecure) and, given a `token`, refusing calls without it.
 */
function serveAt(bot, address, credentials = grpc.ServerCredentials.createInsecure(), token = '') {
  const protocol = loadProtocol();
  const server = new grpc.Server({
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
    'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
  });
  server.addService(protocol.Bot.service, botService(bot, tokenCheck(token)));
  return new Promise((resolve, reject) => {
    server.bindAsync(address, credentials, (error, bound) => {
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

/**
 * Serve `bot` until SIGTERM or SIGINT on --port N, $RUCKUS_ADDRESS or $RUCKUS_PORT, with the
 * TLS (RUCKUS_TLS_CERT, RUCKUS_TLS_KEY, RUCKUS_TLS_CLIENT_CA) and token (RUCKUS_TOKEN) the
 * environment asks for.
 */
function run(bot, argv = process.argv.slice(2)) {
  const address = listenAddress(argv);
  if (address === undefined) {
    process.stderr.write(`${bot.name}: no address; pass --port N or set RUCKUS_ADDRESS or RUCKUS_PORT\n`);
    process.exit(2);
  }
  let credentials;
  try {
    credentials = serverCredentials();
  } catch (error) {
    process.stderr.write(`${bot.name}: ${error.message}\n`);
    process.exit(2);
  }
  const token = process.env.RUCKUS_TOKEN || '';
  serveAt(bot, address, credentials, token).then(
    ([server, bound]) => {
      const host = address.slice(0, address.lastIndexOf(':'));
      const where = address.startsWith('unix:') ? address : `${host}:${bound}`;
      const doors = [process.env.RUCKUS_TLS_CERT && 'TLS', token && 'token'].filter(Boolean);
      const locked = doors.length ? ` (${doors.join(', ')})` : '';
      process.stderr.write(`${bot.name} listening on ${where}${locked}\n`);
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

module.exports = {
  Bot, gameMessage, loadProtocol, run, serve, serveAt, serverCredentials, tokenCheck, MAX_MESSAGE_BYTES,
};
