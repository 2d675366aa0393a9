// How a 400 from the Prism mock becomes a BadRequestError: the test kit's proxy in front of Prism
// folds the fields named in `sl-violations` into the body's `details` and message. A loopback
// server plays Prism, behind that proxy.
import { BadRequestError, createChatClient, unwrap } from "../../../src/index";
import { startViolationsProxy } from "../../../src/testing/violations-proxy";
import { json, withServer } from "../../harness/fault-server";

const canned = {
  error: { code: "ERR_BAD_REQUEST", message: "The request contains invalid fields.", details: { receiverType: ["canned"] } },
};

/** Answers every request with the mock's fixed 400 body and the given `sl-violations` header, then returns the thrown error. */
function rejectWith(violations: string | undefined, call: (chat: ReturnType<typeof createChatClient>) => Promise<never>) {
  return withServer(
    (_req, res) => json(res, 400, canned, violations === undefined ? {} : { "sl-violations": violations }),
    async (server) => {
      const proxy = await startViolationsProxy(server.url, "127.0.0.1", 0);
      try {
        const chat = createChatClient({ appId: "2a1b3c4d5e6f7a8b", apiKey: "2c9f4e1a7b3d5f80c6e2a4b9", baseUrl: proxy.url });
        const error = await call(chat).catch((thrown: unknown) => thrown);
        expect(error).toBeInstanceOf(BadRequestError);
        return error as BadRequestError;
      } finally {
        await proxy.close();
      }
    },
  );
}

const listUsers = (query: Record<string, number>) => (chat: ReturnType<typeof createChatClient>) =>
  unwrap(chat.GET("/users", { params: { query } })) as Promise<never>;

test("a query parameter that Prism reports in lower case is named as the caller spelled it", async () => {
  const header = JSON.stringify([
    {
      location: ["request", "query", "perpage"],
      severity: "Error",
      code: "maximum",
      message: "Request query parameter perpage must be <= 1000",
    },
  ]);
  const error = await rejectWith(header, listUsers({ perPage: 5000 }));
  expect(error.details).toEqual({ receiverType: ["canned"], perPage: ["Request query parameter perPage must be <= 1000"] });
  expect(error.message).toBe(
    "GET /users failed with 400 ERR_BAD_REQUEST: The request contains invalid fields. Prism: Request query parameter perPage must be <= 1000.",
  );
});

test("a missing required property is named from the message, since Prism reports it at its parent", async () => {
  const header = JSON.stringify([
    { location: ["request", "body"], code: "required", message: "Request body must have required property 'receiver'" },
    { location: ["request", "body", "data", "text"], code: "type", message: "Request body property data.text must be string" },
  ]);
  const error = await rejectWith(header, listUsers({}));
  expect(error.details).toMatchObject({
    receiver: ["Request body must have required property 'receiver'"],
    "data.text": ["Request body property data.text must be string"],
  });
  expect(error.message).toContain(
    "Prism: Request body must have required property 'receiver'; Request body property data.text must be string.",
  );
});

test("a violation by the mock's own response is not blamed on the request", async () => {
  const header = JSON.stringify([{ location: ["response", "body", "data"], message: "Response body property data must be array" }]);
  const error = await rejectWith(header, listUsers({}));
  expect(error.details).toEqual({ receiverType: ["canned"] });
  expect(error.message).not.toContain("Prism");
});

test.each([
  ["no sl-violations header", undefined],
  ["a header that is not JSON", "perpage is wrong"],
])("with %s the error keeps the body's details and message", async (_case, header) => {
  const error = await rejectWith(header, listUsers({}));
  expect(error.details).toEqual({ receiverType: ["canned"] });
  expect(error.message).toBe("GET /users failed with 400 ERR_BAD_REQUEST: The request contains invalid fields.");
});
