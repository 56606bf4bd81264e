// The oracles' shared input: the whole of stdin, parsed as one JSON document.
export async function readJsonStdin() {
  let s = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) {
    s += chunk;
  }
  return JSON.parse(s);
}
