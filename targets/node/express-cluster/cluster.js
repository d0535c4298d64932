'use strict';
// Express behind node's cluster module: the primary forks one worker per CPU given (CPUS, else
// os.availableParallelism()), and every worker serves the same app as the express target, on the
// same port (the primary hands out connections round-robin, node's default on Linux).
const cluster = require('node:cluster');
const os = require('node:os');

function workerCount() {
  const given = Number.parseInt(process.env.CPUS ?? '', 10);
  return given > 0 ? given : os.availableParallelism();
}

if (cluster.isPrimary) {
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
    // A worker that could not listen (exit code 2) will not do better on a retry: give up.
    if (code === 2) {
      console.error('express-cluster: a worker could not start; stopping');
      process.exit(2);
    }
    console.error(`express-cluster: worker ${worker.process.pid} died (${signal || code}); starting another`);
    cluster.fork();
  });
  for (let i = 0; i < workerCount(); i++) {
    cluster.fork();
  }
} else {
  require('../express/server').listen();
}
