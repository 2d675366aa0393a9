// Valid requests of the Messages operations that the spec's examples do not give: every body
// example fills in the receiver, so the smallest bodies the service accepts are written here.
import type { ValidRequestEntries } from "../../harness/valid-requests";

export const requests: ValidRequestEntries = {
  // No body field is required.
  "send-thread-message": { minimal: { params: { path: { id: "1842" }, header: { onBehalfOf: "cometchat-uid-1" } }, body: {} } },
  // `category` alone: it tells the two kinds of message apart.
  "send-message": { minimal: { params: {}, body: { category: "message" } } },
};
