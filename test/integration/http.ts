import { testEnv } from './env.js';

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/** A request against the test server; the body is parsed when it is JSON. */
export async function call(
  path: string,
  init: RequestInit = {},
  baseUrl = testEnv().baseUrl,
): Promise<ApiResponse> {
  const response = await fetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    headers: response.headers,
    // application/json and application/*+json; NDJSON (an export) stays text.
    body:
      /^application\/([a-z.-]+\+)?json\b/.test(type) && text !== '' ? (JSON.parse(text) as unknown) : text,
  };
}

/** `init` with the API key header added to whatever headers it has. */
export function withKey(key: string, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string> | undefined), 'X-API-Key': key } };
}

export function jsonBody(value: unknown): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: unknown;
  instance: string;
  code: string;
  request_id: string;
}

export interface ValidationBody extends Problem {
  detail: {
    loc: (string | number)[];
    msg: string;
    type: string;
    input?: unknown;
    ctx?: Record<string, unknown>;
  }[];
}
