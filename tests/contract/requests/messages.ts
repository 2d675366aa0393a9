// Valid requests of the Messages operations that the spec's examples do not give: every body
// example fills in the receiver, so the smallest bodies the service accepts are written here.
import type { ValidRequestEntries } from "../../harness/valid-requests";

export const requests: ValidRequestEntries = {
  // No body field is required.
  "send-thread-message": { minimal: { params: { path: { id: "1842" }, header: { onBehalfOf: "cometchat-uid-1" } }, body: {} } },
  // The service's own documentation sends a text message without `category` (it assumes `message`).
  "send-message": {
    minimal: { params: {}, body: { receiver: "cometchat-uid-5", receiverType: "user", type: "text", data: { text: "Hello" } } },
  },
};
