// The per-tag files of valid requests (tests/contract/requests/) are checked against the generated
// schema: a field the operation does not have, or a value of the wrong type, does not compile.
import type { ValidRequestEntries } from "../harness/valid-requests";

export const accepted: ValidRequestEntries = {
  "list-users": { full: { params: { query: { perPage: 2, status: "offline" } } } },
  "send-message": { minimal: { params: {}, body: { category: "custom", type: "poll" } } },
};

export const unknownOperation: ValidRequestEntries = {
  // @ts-expect-error list-widgets is not an operation of the spec
  "list-widgets": { minimal: { params: {} } },
};

export const unknownParameter: ValidRequestEntries = {
  "list-users": {
    full: {
      params: {
        query: {
          // @ts-expect-error list-users has no perpage parameter (it is perPage)
          perpage: 2,
        },
      },
    },
  },
};

export const wrongValue: ValidRequestEntries = {
  "create-authtoken": {
    full: {
      params: { path: { uid: "cometchat-uid-1" } },
      body: {
        // @ts-expect-error force is a boolean
        force: "yes",
      },
    },
  },
};
