// records.mjs builds the texts the Node benchmarks share with the Go ones
// (internal/benchdata): the same bytes on both sides of a ratio.

// largeInstance is an array of records of about size bytes: internal/benchdata's LargeInstance.
export function largeInstance(size) {
  const tags = ["alpha", "beta", "gamma", "delta"];
  const parts = [];
  let len = 1;
  for (let i = 0; len < size; i++) {
    const rec = `{"id":${i},"name":"user ${i}","email":"user${i}@example.com","active":${i % 2 === 0},"score":${i % 100}.5,"tags":["${tags[i % 4]}","${tags[(i + 1) % 4]}"],"address":{"city":"Lyon","zip":"${String(i % 100000).padStart(5, "0")}"}}`;
    parts.push(rec);
    len += rec.length + 1;
  }
  return "[" + parts.join(",") + "]";
}
