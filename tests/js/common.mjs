// What the client scripts share: the request on stdin, the action named on the command line, the answer
// (or the error) printed as one JSON object on stdout.
import { readFileSync } from 'node:fs';

export async function readRequest() {
  const text = readFileSync(0, 'utf8');
  return text.trim() ? JSON.parse(text) : {};
}

// JSON with bigints as decimal strings (ethers and viem answer amounts as bigints)
export function toJson(value) {
  return JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v));
}

export async function run(actions, request) {
  const name = process.argv[2];
  const action = actions[name];
  if (!action) {
    console.log(toJson({ error: `unknown action ${name}; one of ${Object.keys(actions).join(', ')}` }));
    process.exit(2);
  }
  try {
    console.log(toJson(await action(request)));
    setTimeout(() => process.exit(0), 500).unref(); // what a client still polls in the background ends with it
  } catch (error) {
    console.log(toJson({ error: String(error?.shortMessage || error?.message || error), stack: error?.stack }));
    process.exit(1);
  }
}
