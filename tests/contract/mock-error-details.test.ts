// A request the mock rejects must name the parameter or field at fault: Prism answers with a fixed
// example body, so the name comes from its `sl-violations` header, through the SDK's error.
import { BadRequestError, unwrap } from "../../src/index";
import { mockChat } from "../harness/mock";

async function rejection(call: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<BadRequestError> {
  const error = await unwrap(call).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(BadRequestError);
  return error as BadRequestError;
}

test("GET /users with perPage above its maximum names perPage in details and in the message", async () => {
  const error = await rejection(mockChat().GET("/users", { params: { query: { perPage: 5000 } } }));
  expect(error.details?.perPage).toEqual([expect.stringContaining("perPage must be <= 1000")]);
  expect(error.message).toMatch(/^GET \/users failed with 400 ERR_BAD_REQUEST: .* Prism: .*perPage must be <= 1000\.$/);
});

test("a thread reply whose text is not a string names the nested field data.text", async () => {
  const body = { receiver: "cometchat-uid-2", receiverType: "user", data: { text: 42 } } as unknown as {
    receiver: string;
    receiverType: "user";
    data: { text: string };
  };
  const error = await rejection(
    mockChat()
      .as("cometchat-uid-1")
      .POST("/messages/{id}/thread", { params: { path: { id: "1842" } }, body }),
  );
  expect(error.details?.["data.text"]).toEqual([expect.stringContaining("must be string")]);
  expect(error.message).toContain("data.text");
});
