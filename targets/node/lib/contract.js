'use strict';
// What the Node targets share of the scenario contract (docs/scenarios.md): the page's team and
// the echo's cap.

// The scenario contract's cap on an echoed body (S2): larger bodies get 413.
const MAX_ECHO_BODY_BYTES = 40_000_000;

// The team rendered by the member partial on every page, in this order.
const MEMBERS = Object.freeze([
  { name: 'Chris McCord' },
  { name: 'Matt Sears' },
  { name: 'David Stump' },
  { name: 'Ricardo Thompson' },
]);

module.exports = { MAX_ECHO_BODY_BYTES, MEMBERS };
