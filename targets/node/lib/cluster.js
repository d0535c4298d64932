'use strict';
// The primary of a Node target in node's cluster module: it forks one worker per CPU given (CPUS,
// else os.availableParallelism()), and every worker calls listen() on the same port (the primary
// hands out connections round-robin, node's default on Linux). Shared by express-cluster and
// fastify.
const cluster = require('node:cluster');
const os = require('node:os');

// The exit code of a worker that could not listen: a retry will not do better.
const CANNOT_LISTEN = 2;

function workerCount() {
  const given = Number.parseInt(process.env.CPUS ?? '', 10);
  return given > 0 ? given : os.availableParallelism();
}

// Runs listen() in each worker; in the primary, forks the workers and replaces one that dies.
function serveInCluster(name, listen) {
  if (!cluster.isPrimary) {
    listen();
    return;
  }
  let stopping = false;
  // The harness stops the whole process group; stop quietly rather than re-forking the dying workers.
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers)) {
        worker.kill(signal);
      }
      process.exit(0);
    });
  }
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      return;
    }
    if (code === CANNOT_LISTEN) {
      console.error(`${name}: a worker could not start; stopping`);
      process.exit(CANNOT_LISTEN);
    }
    console.error(`${name}: worker ${worker.process.pid} died (${signal || code}); starting another`);
    cluster.fork();
  });
  for (let i = 0; i < workerCount(); i++) {
    cluster.fork();
  }
}

module.exports = { serveInCluster };
