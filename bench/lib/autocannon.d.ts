// The little of autocannon's API the TypeScript benches use (the package ships no types).
declare module "autocannon" {
  interface Request {
    path?: string;
    [key: string]: unknown;
  }
  interface Options {
    url: string;
    connections?: number;
    overallRate?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    requests?: { setupRequest?: (req: Request) => Request }[];
  }
  interface Result {
    latency: { p50: number; p90: number; p97_5: number; p99: number };
    requests: { total: number };
    "2xx": number;
    "3xx": number;
    non2xx: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
