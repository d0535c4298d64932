'use strict';
// One Express process on 127.0.0.1:$PORT (8080 when PORT is unset).
const { createApp } = require('./app');

const DEFAULT_PORT = 8080;
const HOST = '127.0.0.1';

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
