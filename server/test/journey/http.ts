// Calls to a server process over HTTP, as a person's browser or an integrator's system makes them (the journeys talk
// to the built bundle only through its port).

export interface Answer<T = unknown> {
  status: number;
  body: { success?: boolean; message?: string; data?: T } & Record<string, unknown>;
  text: string;
}

export interface HttpClient {
  origin: string;
  /** A console call with a session token. */
  call<T = unknown>(method: string, path: string, token: string, body?: unknown): Promise<Answer<T>>;
  /** A multipart console call (fields as the console's forms send them). */
  form<T = unknown>(path: string, token: string, fields: Record<string, unknown>): Promise<Answer<T>>;
  /** A public-API call with an API key. */
  api<T = unknown>(method: string, path: string, key: string, body?: unknown): Promise<Answer<T>>;
  login(username: string, password: string): Promise<string>;
}

async function answer<T>(res: Response): Promise<Answer<T>> {
  const text = await res.text();
  let body: Answer<T>["body"] = {};
  try {
    body = JSON.parse(text) as Answer<T>["body"];
  } catch {
    // Not JSON: the text says what went wrong.
  }
  return { status: res.status, body, text };
}

export function httpClient(origin: string): HttpClient {
  const json = (method: string, headers: Record<string, string>, body?: unknown): RequestInit => ({
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  return {
    origin,
    call: async (method, path, token, body) =>
      answer(await fetch(`${origin}${path}`, json(method, { authorization: `Bearer ${token}` }, body))),
    form: async (path, token, fields) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields))
        form.append(key, typeof value === "string" ? value : JSON.stringify(value));
      return answer(
        await fetch(`${origin}${path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          body: form,
          signal: AbortSignal.timeout(30_000),
        }),
      );
    },
    api: async (method, path, key, body) =>
      answer(await fetch(`${origin}${path}`, json(method, { "x-api-key": key }, body))),
    login: async (username, password) => {
      const res = await answer<{ token: string }>(
        await fetch(`${origin}/api/v1/auth/login`, json("POST", {}, { email: username, password })),
      );
      if (res.status !== 200 || !res.body.data)
        throw new Error(`login ${username}: ${res.status} ${res.text.slice(0, 300)}`);
      return res.body.data.token;
    },
  };
}

/** The answer's data when its status is the one expected; otherwise an error that says what came back. */
export function expectData<T>(res: Answer<T>, status: number, what: string): T {
  if (res.status !== status || res.body.data === undefined)
    throw new Error(`${what}: ${res.status} ${res.text.slice(0, 500)}`);
  return res.body.data;
}
