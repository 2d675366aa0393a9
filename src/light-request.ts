/**
 * What openapi-fetch builds a call's request with while no middleware needs a real `Request`.
 * It only keeps what the transport sends, so the transport can call `fetch(url, init)`: a real
 * Request copies the headers and the body and makes an AbortSignal, and undici copies it all
 * again when fetch receives one; together that cost a quarter of the throughput on loopback.
 */
export class LightRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: HeadersInit | undefined;
  readonly body: BodyInit | null | undefined;
  readonly signal: AbortSignal | null | undefined;

  constructor(url: string, init: RequestInit) {
    // The one mistake a real Request would catch before sending, rather than fail every attempt.
    if (init.body != null && (init.method === "GET" || init.method === "HEAD"))
      throw new TypeError(`${init.method} requests cannot have a body.`);
    this.url = url;
    this.method = init.method!;
    this.headers = init.headers;
    this.body = init.body;
    this.signal = init.signal;
  }
}
