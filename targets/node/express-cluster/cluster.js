'use strict';
// Express behind node's cluster module: one worker per CPU given (CPUS), each serving the same
// app as the express target on the same port (lib/cluster.js).
const { serveInCluster } = require('../lib/cluster');

serveInCluster('express-cluster', () => require('../express/server').listen());
