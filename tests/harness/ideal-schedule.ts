// The ideal schedule of a burst under a sliding-window rule, for the pacing bench and the paced
// import (tests/harness/paced-import.ts): what the time a burst took is measured against.

/**
 * The soonest a burst can end under the rule, given each request's latency as measured (from when
 * it was let go to its answer, in the order they went): each request leaves as soon as the
 * requests before it leave room, that is a window after the answer that frees its place (the
 * (j - limit + 1)-th answer, in time, of the j requests before it), and the burst ends with its
 * last answer. With no latency it is (ceil(N / limit) - 1) windows.
 *
 * `made[j]`, when given, is when the j-th request's call was made, from the start: no schedule
 * lets a request go before it is asked for. A request let go at once (its call found room) is
 * measured from its call, so the sending of the calls made before it is not in its latency, while
 * a request let go together with others waits in its latency for theirs to be sent: without its
 * call's time, the first ones would leave at the start with latencies that leave that time out.
 */
export function idealMs(
  requests: readonly { sent: number; answered: number }[],
  limit: number,
  windowMs: number,
  startMs: number,
  made: readonly number[] = [],
): number {
  const answers: number[] = [];
  let leave = startMs;
  let end = 0;
  for (const [j, request] of requests.entries()) {
    if (j >= limit) leave = Math.max(leave, answers[j - limit]! + windowMs);
    leave = Math.max(leave, made[j] ?? leave);
    const answered = leave + (request.answered - request.sent);
    end = Math.max(end, answered);
    // Kept in time order: the place it holds frees in that order.
    let at = answers.length;
    while (at > 0 && answers[at - 1]! > answered) at--;
    answers.splice(at, 0, answered);
  }
  return end;
}
