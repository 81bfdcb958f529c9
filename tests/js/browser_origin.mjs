// What a browser asks before and while a page of `origin` reads the server: a CORS preflight (OPTIONS with
// Access-Control-Request-*) and the request itself with its Origin header, for each of `calls` (such as a
// JSON-RPC call, a TRON node call, an API path). Prints, per call, the answers' status and CORS headers.
//
//   node tests/js/browser_origin.mjs < {"url": ..., "origin": ..., "calls": {name: {path, method, body}}}
import { readRequest, toJson } from './common.mjs';

const CORS_HEADERS = [
  'access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers',
  'access-control-max-age', 'access-control-allow-private-network', 'vary',
];

function cors(response) {
  const out = { status: response.status };
  for (const name of CORS_HEADERS) {
    if (response.headers.has(name)) out[name] = response.headers.get(name);
  }
  return out;
}

const request = await readRequest();
const { url, origin } = request;
const calls = request.calls; // name -> {path, method, body}
const out = {};
for (const [name, call] of Object.entries(calls)) {
  const preflight = await fetch(url + call.path, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': call.method,
      'Access-Control-Request-Headers': 'content-type',
      'Access-Control-Request-Private-Network': 'true',
    },
  });
  const headers = { Origin: origin, ...(call.body ? { 'Content-Type': 'application/json' } : {}) };
  const actual = await fetch(url + call.path, { method: call.method, headers, body: call.body });
  out[name] = { preflight: cors(preflight), request: { ...cors(actual), ok: actual.ok } };
}
console.log(toJson(out));
