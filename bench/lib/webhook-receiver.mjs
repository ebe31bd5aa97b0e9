// A webhook receiver for `npm run bench -- webhooks`, in a process of its own so it does not share the server's
// event loop: answers 204 to every POST and reports to its parent how many it got.
import { createServer } from "node:http";

let received = 0;
const ids = new Set();
const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    received += 1;
    ids.add(req.headers["x-webhook-id"]);
    res.writeHead(204).end();
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
process.on("message", (m) => {
  if (m === "count") process.send?.({ received, distinct: ids.size });
  if (m === "stop") server.close(() => process.exit(0));
});
