'use strict';
// Fastify in node's cluster module, one worker per CPU given (CPUS), each listening on
// $HOST:$PORT (127.0.0.1 and 8080 when unset; a server agent sets HOST=0.0.0.0 for load from
// other hosts). Fastify's production guide: for the most requests per second per vCPU, an
// instance per vCPU.
const { createApp } = require('./app');
const { serveInCluster } = require('../lib/cluster');

const DEFAULT_PORT = 8080;
const HOST = process.env.HOST || '127.0.0.1';
// The exit code of a worker that could not listen (lib/cluster.js stops then).
const CANNOT_LISTEN = 2;

function listen() {
  const port = Number.parseInt(process.env.PORT ?? '', 10) || DEFAULT_PORT;
  createApp()
    .listen({ port, host: HOST })
    .catch((err) => {
      console.error(`fastify: cannot listen on ${HOST}:${port}: ${err.message}`);
      process.exit(CANNOT_LISTEN);
    });
}

serveInCluster('fastify', listen);
