/** A fetch that answers every request with one canned JSON response and remembers what it was asked. */
export function recordingFetch(status = 200, body: unknown = { data: {} }) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  };
  return { fetch, requests, last: () => requests[requests.length - 1]! };
}
