import { runInNewContext } from "node:vm";
import {
  AuthenticationError,
  BadRequestError,
  ChatApiError,
  ChatConnectionError,
  ChatTimeoutError,
  ConflictError,
  InternalServerError,
  isChatApiError,
  isChatConnectionError,
  isChatError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from "../../../src/index";
import { API_ERROR_CLASSES } from "../../../src/errors/chat-api-error";

const call = { method: "POST", path: "/users/{uid}/auth_tokens" };
const envelope = {
  error: { code: "ERR_BAD_REQUEST", message: "The uid field is invalid.", details: { uid: ["The uid may only contain letters."] } },
};

describe("one factory maps status to error class", () => {
  test.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [502, InternalServerError],
    [503, InternalServerError],
    [418, ChatApiError],
  ])("%i becomes %p", (status, Class) => {
    const error = ChatApiError.from(status, envelope, new Headers(), call);
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(ChatApiError);
    expect(error.name).toBe(Class.name);
    expect(error.status).toBe(status);
  });
});

describe("an API error carries what the caller needs", () => {
  const error = ChatApiError.from(400, envelope, new Headers({ "x-request-id": "req-81" }), call);

  test("status, code, details, method, path and request id", () => {
    expect(error).toMatchObject({
      status: 400,
      code: "ERR_BAD_REQUEST",
      details: { uid: ["The uid may only contain letters."] },
      method: "POST",
      path: "/users/{uid}/auth_tokens",
      requestId: "req-81",
    });
  });

  test("a message built from the body", () => {
    expect(error.message).toBe("POST /users/{uid}/auth_tokens failed with 400 ERR_BAD_REQUEST: The uid field is invalid.");
  });

  test("no request id when the response had none", () => {
    expect(ChatApiError.from(500, envelope, new Headers(), call).requestId).toBeUndefined();
  });
});

describe("Retry-After", () => {
  test("delta-seconds are read as seconds", () => {
    const error = ChatApiError.from(429, envelope, new Headers({ "retry-after": "7" }), call) as RateLimitError;
    expect(error.retryAfter).toBe(7);
  });

  test("a Retry-After that is neither delta-seconds nor an HTTP date leaves retryAfter undefined", () => {
    const error = ChatApiError.from(429, envelope, new Headers({ "retry-after": "-1" }), call) as RateLimitError;
    expect(error.retryAfter).toBeUndefined();
  });
});

describe("guards work across realms", () => {
  // An object made in another V8 context fails instanceof, as would an error from a second copy of the package.
  const foreign = runInNewContext(`(() => { const e = new Error("x"); e.name = "NotFoundError"; e.status = 404; return e; })()`);
  const foreignTimeout = runInNewContext(`(() => { const e = new Error("x"); e.name = "ChatTimeoutError"; return e; })()`);

  test("instanceof fails for the foreign error, the guard does not", () => {
    expect(foreign instanceof ChatApiError).toBe(false);
    expect(isChatApiError(foreign)).toBe(true);
    expect(isChatError(foreign)).toBe(true);
    expect(isChatConnectionError(foreignTimeout)).toBe(true);
  });

  test.each(Object.entries(API_ERROR_CLASSES))(
    "every class of the status table is recognised by name from another realm: %s",
    (name, Class) => {
      const status = Class.status ?? (name === "InternalServerError" ? 503 : 418);
      expect(ChatApiError.from(status, {}, new Headers(), call).name).toBe(name);
      const foreignError = runInNewContext(
        `(() => { const e = new Error("x"); e.name = ${JSON.stringify(name)}; e.status = ${status}; return e; })()`,
      );
      expect(isChatApiError(foreignError)).toBe(true);
      expect(isChatError(foreignError)).toBe(true);
      expect(isChatConnectionError(foreignError)).toBe(false);
    },
  );

  test("a RateLimitStoreError from another realm is a ChatError, not a connection error", () => {
    const foreignStore = runInNewContext(`(() => { const e = new Error("x"); e.name = "RateLimitStoreError"; return e; })()`);
    expect(isChatError(foreignStore)).toBe(true);
    expect(isChatConnectionError(foreignStore)).toBe(false);
  });

  test("guards reject look-alikes and non-errors", () => {
    expect(isChatApiError(new Error("x"))).toBe(false);
    expect(isChatApiError({ name: "NotFoundError" })).toBe(false);
    expect(isChatApiError(null)).toBe(false);
    expect(isChatConnectionError(new ChatTimeoutError("t", call, 1))).toBe(true);
    expect(isChatConnectionError(new ChatConnectionError("c", call, 1))).toBe(true);
    expect(isChatConnectionError(ChatApiError.from(500, {}, new Headers(), call))).toBe(false);
  });
});
