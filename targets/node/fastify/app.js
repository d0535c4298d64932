'use strict';
// The showdown app for Fastify, written as Fastify's own docs write one: its router (find-my-way,
// with a regex parameter for the digits), @fastify/view with EJS for the page (a layout, an index
// view, a member partial), a response schema for /json so that Fastify serialises it with
// fast-json-stringify, and a catch-all content-type parser that hands the echo its raw bytes.
const path = require('node:path');
const Fastify = require('fastify');
const { MAX_ECHO_BODY_BYTES, MEMBERS } = require('../lib/contract');

// The JSON answer's shape: Fastify compiles it into a serialiser (fast-json-stringify).
const MESSAGE_SCHEMA = {
  response: {
    200: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  },
};

function createApp() {
  // No logger: Fastify logs nothing unless asked to.
  const app = Fastify({ logger: false });

  app.register(require('@fastify/view'), {
    engine: { ejs: require('ejs') },
    // The EJS views that the Node targets share; the layout wraps every page as `body`.
    root: path.join(__dirname, '..', 'views'),
    layout: 'layout.ejs',
    viewExt: 'ejs',
  });

  // The contract wants a Server header, which Node's http module does not send.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('Server', 'Fastify');
    done();
  });

  // find-my-way prefers static routes to parametric ones, so these win over /:title.
  app.get('/', (request, reply) => {
    reply.type('text/plain; charset=utf-8').send('');
  });

  app.get('/plaintext', (request, reply) => {
    reply.type('text/plain; charset=utf-8').send('Hello, World!');
  });

  app.get('/json', { schema: MESSAGE_SCHEMA }, (request, reply) => {
    reply.send({ message: 'Hello, World!' });
  });

  app.get('/echo/hello-world', (request, reply) => {
    reply.type('text/plain; charset=utf-8').send('Hello World');
  });

  app.get('/echo/plain/:param', (request, reply) => {
    reply.type('text/plain; charset=utf-8').send(request.params.param);
  });

  // A regex parameter: a segment that does not match it matches no route (Fastify's 404).
  app.get('/echo/regex/:param(^[0-9]+$)', (request, reply) => {
    reply.type('text/plain; charset=utf-8').send(request.params.param);
  });

  app.get('/user/:id', (request, reply) => {
    reply.type('text/plain; charset=utf-8').send(request.params.id);
  });

  app.register(echoRoute);

  app.get('/:title', (request, reply) => {
    return reply.view('index', { title: request.params.title, members: MEMBERS });
  });

  return app;
}

// POST /user in a plugin of its own, so that its content-type parsers stay in its scope: every
// body is raw bytes here, whatever its Content-Type (or none), as the echo must be byte-exact.
async function echoRoute(app) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => done(null, body));

  app.post('/user', { bodyLimit: MAX_ECHO_BODY_BYTES }, (request, reply) => {
    reply.header('Content-Type', request.headers['content-type'] || 'application/octet-stream');
    reply.send(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
  });
}

module.exports = { createApp };
