// The AI bench's body (run by bench/ai.mjs through tsx): the real app on PGlite (a data directory on disk, as
// `npm start` uses) with the demo accounts; the demo manager gets the order-status agent from the marketplace and
// 10,000 knowledge passages (20 FAQ entries of 500 pairs, written through the knowledge service). Then, through the
// real calls (app.inject: token, role, handler, serializer), classification latency (POST
// /api/flow/v1/intent-mappings/test-classification) and knowledge search latency (GET /api/flow/v1/knowledge/search)
// for many different sentences: p50, p95, p99, max. Target p95 < 50 ms each on 2 cores.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../server/app";
import { MARKETPLACE } from "../server/services/ai/marketplace";
import { ORDER_STATUS_HELD_OUT } from "../server/test/ai-held-out";

const PASSAGES = Number(process.env.BENCH_PASSAGES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const PASSWORD = "bench-pw-1";

// Words to make varied, realistic-looking passages from (a shop's catalogue and policies).
const PRODUCTS = [
  "cotton shirt",
  "denim jacket",
  "running shoes",
  "leather wallet",
  "steel bottle",
  "yoga mat",
  "wool scarf",
  "desk lamp",
  "phone case",
  "backpack",
  "sunglasses",
  "water filter",
  "blender",
  "air fryer",
  "headphones",
  "smart watch",
  "saree",
  "kurta",
  "bedsheet",
  "pressure cooker",
];
const TOPICS = [
  "warranty",
  "size guide",
  "care instructions",
  "delivery",
  "returns",
  "exchange",
  "installation",
  "colour options",
  "material",
  "EMI",
  "gift wrapping",
  "bulk orders",
  "spare parts",
  "service centre",
  "stock",
];
const CITIES = [
  "Mumbai",
  "Delhi",
  "Bengaluru",
  "Chennai",
  "Kolkata",
  "Pune",
  "Hyderabad",
  "Jaipur",
  "Lucknow",
  "Kochi",
];

function pick<T>(items: readonly T[], i: number): T {
  return items[i % items.length];
}

function pair(i: number): { question: string; answer: string } {
  const product = pick(PRODUCTS, i);
  const topic = pick(TOPICS, Math.floor(i / PRODUCTS.length));
  const city = pick(CITIES, Math.floor(i / 7));
  const days = 2 + (i % 9);
  return {
    question: `What about ${topic} for the ${product} (item ${i})?`,
    answer: `For the ${product}, ${topic} works like this: customers in ${city} get it within ${days} working days, the cost is ₹${49 + (i % 300)} and our support team confirms by SMS. Reference ${i}.`,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

function summary(label: string, samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  return `${label}: n=${s.length} p50 ${fmt(percentile(s, 50))}, p95 ${fmt(percentile(s, 95))}, p99 ${fmt(percentile(s, 99))}, max ${fmt(s[s.length - 1])}`;
}

const dataDir = mkdtempSync(join(tmpdir(), "bench-ai-"));
const app = await buildApp({
  logger: false,
  config: { dataDir, demoPassword: PASSWORD, webRoot: "./.no-web-root", jwtSecret: "bench-ai-secret" },
});
try {
  await app.ready();
  const login = await app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { email: "manager", password: PASSWORD },
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const call = (method: "GET" | "POST", url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

  const installed = await call("POST", "/api/flow/v1/marketplace/order-status/install", {});
  const agentId = (installed.json() as { data: { _id: string } }).data._id;
  const started = Date.now();
  const perEntry = 500;
  for (let e = 0; e * perEntry < PASSAGES; e += 1) {
    const faqs = Array.from({ length: Math.min(perEntry, PASSAGES - e * perEntry) }, (_, j) => pair(e * perEntry + j));
    const res = await call("POST", "/api/flow/v1/knowledge", { title: `Catalogue FAQ ${e + 1}`, kind: "faq", faqs });
    if (res.statusCode !== 201) throw new Error(`knowledge create failed: ${res.body}`);
  }
  const stats = (await call("GET", "/api/flow/v1/knowledge/stats")).json() as { data: { passages: number } };
  console.log(`${stats.data.passages} passages written in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const sentences = Object.values(ORDER_STATUS_HELD_OUT).flat();
  const questions = [
    ...MARKETPLACE.flatMap((t) => t.sampleQuestions),
    ...Array.from(
      { length: 100 },
      (_, i) => `${pick(TOPICS, i * 3)} for ${pick(PRODUCTS, i * 7)} in ${pick(CITIES, i)}`,
    ),
    ...sentences,
  ];

  // Warm-up: the classifier trains on its first use, PGlite plans its first statements.
  for (const text of sentences.slice(0, 20))
    await call("POST", "/api/flow/v1/intent-mappings/test-classification", { agentId, text });
  for (const q of questions.slice(0, 20))
    await call("GET", `/api/flow/v1/knowledge/search?query=${encodeURIComponent(q)}&agentId=${agentId}`);

  const classify: number[] = [];
  const search: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const text = pick(sentences, i);
    let t = performance.now();
    const c = await call("POST", "/api/flow/v1/intent-mappings/test-classification", { agentId, text });
    classify.push(performance.now() - t);
    if (c.statusCode !== 200) throw new Error(`classification failed: ${c.body}`);
    const q = pick(questions, i * 13);
    t = performance.now();
    const s = await call("GET", `/api/flow/v1/knowledge/search?query=${encodeURIComponent(q)}&agentId=${agentId}`);
    search.push(performance.now() - t);
    if (s.statusCode !== 200) throw new Error(`search failed: ${s.body}`);
  }
  const [one, five, fifteen] = loadavg();
  console.log(
    `PGlite on disk, ${stats.data.passages} passages, order-status agent (8 intents); load average ${one.toFixed(2)} ${five.toFixed(2)} ${fifteen.toFixed(2)}`,
  );
  console.log(summary("classification (test-classification call)", classify));
  console.log(summary("knowledge search (search call, limit 10)", search));
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
