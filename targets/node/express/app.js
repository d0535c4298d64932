'use strict';
// The showdown app for Express, written as Express's own guides write one: its router, EJS views
// with a layout (express-ejs-layouts), res.json, and express.raw for the echo. server.js and the
// express-cluster target both serve this same app.
const express = require('express');
const expressLayouts = require('express-ejs-layouts');
const path = require('node:path');
const { MAX_ECHO_BODY_BYTES, MEMBERS } = require('../lib/contract');

function createApp() {
  const app = express();
  // The EJS views that the Node targets share (a layout, an index view, a member partial).
  app.set('views', path.join(__dirname, '..', 'views'));
  app.set('view engine', 'ejs');
  app.set('layout', 'layout');
  // Express's production checklist: do not advertise the framework through X-Powered-By.
  // The contract still wants a Server header, which Node's http module does not send.
  app.disable('x-powered-by');
  app.use((req, res, next) => {
    res.set('Server', 'Express');
    next();
  });
  app.use(expressLayouts);

  // Static routes first: Express tries routes in the order they are added, so these win over /:title.
  app.get('/', (req, res) => {
    res.type('text/plain').send('');
  });

  app.get('/plaintext', (req, res) => {
    res.type('text/plain').send('Hello, World!');
  });

  app.get('/json', (req, res) => {
    res.json({ message: 'Hello, World!' });
  });

  app.get('/echo/hello-world', (req, res) => {
    res.type('text/plain').send('Hello World');
  });

  app.get('/echo/plain/:param', (req, res) => {
    res.type('text/plain').send(req.params.param);
  });

  // Express 5 takes a RegExp as the route path; its capture groups arrive as numbered params.
  app.get(/^\/echo\/regex\/([0-9]+)$/, (req, res) => {
    res.type('text/plain').send(req.params[0]);
  });

  app.get('/user/:id', (req, res) => {
    res.type('text/plain').send(req.params.id);
  });

  // Every body is raw bytes here, whatever its Content-Type (or none): the echo must be byte-exact.
  const rawBody = express.raw({ type: () => true, limit: MAX_ECHO_BODY_BYTES });
  app.post('/user', rawBody, (req, res) => {
    // res.setHeader, not res.type: res.type would add a charset to the client's own text types.
    res.setHeader('Content-Type', req.get('Content-Type') || 'application/octet-stream');
    res.send(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
  });

  app.get('/:title', (req, res) => {
    res.render('index', { title: req.params.title, members: MEMBERS });
  });

  // Express's default handler prints every error's stack, even a client's oversized body (413).
  // Answer client errors quietly, and keep the log for the server's own faults.
  app.use((err, req, res, next) => {
    const status = err.status || err.statusCode || 500;
    if (status >= 500) {
      console.error(err);
    }
    if (res.headersSent) {
      return next(err);
    }
    res.status(status).type('text/plain').send(status >= 500 ? 'Internal Server Error' : err.message);
  });

  return app;
}

module.exports = { createApp };
