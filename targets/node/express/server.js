'use strict';
// One Express process on $HOST:$PORT (127.0.0.1 and 8080 when unset; a server agent sets
// HOST=0.0.0.0 for load from other hosts).
const { createApp } = require('./app');

const DEFAULT_PORT = 8080;
const HOST = process.env.HOST || '127.0.0.1';

function listen() {
  const port = Number.parseInt(process.env.PORT ?? '', 10) || DEFAULT_PORT;
  const server = createApp().listen(port, HOST);
  server.on('error', (err) => {
    console.error(`express: cannot listen on ${HOST}:${port}: ${err.message}`);
    process.exit(2);
  });
  return server;
}

if (require.main === module) {
  listen();
}

module.exports = { listen };
