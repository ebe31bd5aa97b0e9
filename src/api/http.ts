// The console's one transport: XMLHttpRequest, because uploads report progress (fetch cannot) and a library for
// this (axios was ~15 KB brotli on every route, the login form's included) costs more than these lines.
// docs/decisions.md "The console's HTTP transport".

export interface UploadProgress {
  loaded: number;
  /** Absent when the browser cannot tell the body's size. */
  total?: number;
}

/** A request as it goes out: the body already serialized (JSON text, or FormData for uploads). */
export interface HttpRequest {
  method: string;
  url: string;
  params: Record<string, string | number | boolean>;
  data?: string | FormData;
  headers: Record<string, string>;
  signal?: AbortSignal;
  /** "json": the body parsed when it is JSON, else its text; "blob": the bytes as they came. */
  responseType: "json" | "blob";
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface HttpResponse {
  status: number;
  data: unknown;
}

/** Sends a request; answers whatever status came back. Tests put their own in `http.defaults.adapter`. */
export type HttpAdapter = (request: HttpRequest) => Promise<HttpResponse>;

export type HttpErrorCode = "ERR_BAD_RESPONSE" | "ERR_NETWORK" | "ERR_CANCELED";

/** A request that got a non-2xx answer (`response` set), no answer, or was cancelled. */
export class HttpError extends Error {
  override readonly name = "HttpError";
  constructor(
    message: string,
    readonly code: HttpErrorCode,
    readonly response?: HttpResponse,
  ) {
    super(message);
  }
}

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;

export const http: { defaults: { adapter: HttpAdapter | undefined } } = { defaults: { adapter: undefined } };

function withQuery(url: string, params: HttpRequest["params"]): string {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return query ? `${url}${url.includes("?") ? "&" : "?"}${query}` : url;
}

/** A JSON body parsed; any other text as it is (an HTML error page, an empty 204). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const xhrAdapter: HttpAdapter = (request) =>
  new Promise((resolve, reject) => {
    if (request.signal?.aborted) return reject(new HttpError("canceled", "ERR_CANCELED"));
    const xhr = new XMLHttpRequest();
    xhr.open(request.method.toUpperCase(), withQuery(request.url, request.params));
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = request.responseType === "blob" ? "blob" : "text";
    const progress = request.onUploadProgress;
    if (progress)
      xhr.upload.onprogress = (e) => progress({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
    const abort = () => xhr.abort();
    request.signal?.addEventListener("abort", abort, { once: true });
    xhr.onloadend = () => request.signal?.removeEventListener("abort", abort);
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        data: request.responseType === "blob" ? (xhr.response as Blob) : parsed(xhr.responseText),
      });
    xhr.onerror = () => reject(new HttpError("Network Error", "ERR_NETWORK"));
    xhr.onabort = () => reject(new HttpError("canceled", "ERR_CANCELED"));
    xhr.send(request.data ?? null);
  });

/** Sends `request`; a non-2xx answer rejects with an HttpError carrying the response. */
export async function send(request: HttpRequest): Promise<HttpResponse> {
  const response = await (http.defaults.adapter ?? xhrAdapter)(request);
  if (response.status < 200 || response.status >= 300)
    throw new HttpError(`Request failed with status code ${response.status}`, "ERR_BAD_RESPONSE", response);
  return response;
}
