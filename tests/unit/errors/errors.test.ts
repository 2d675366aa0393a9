import { runInNewContext } from "node:vm";
import {
  AuthenticationError,
  BadRequestError,
  ChatApiError,
  ChatConfigError,
  ChatConnectionError,
  ChatInvalidResponseError,
  ChatTimeoutError,
  ConflictError,
  InternalServerError,
  isChatApiError,
  isChatConnectionError,
  isChatError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RateLimitStoreError,
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
  // An object made in another V8 context fails instanceof, as would an error from a second copy of
  // the package; it carries the brand under the same Symbol.for key.
  const foreignOf = (brand: string, fields = "") =>
    runInNewContext(`(() => { const e = new Error("x"); e[Symbol.for("chat-rest-sdk.error")] = "${brand}"; ${fields} return e; })()`);
  const foreign = foreignOf("api", 'e.name = "NotFoundError"; e.status = 404;');
  const foreignTimeout = foreignOf("connection", 'e.name = "ChatTimeoutError";');

  test("instanceof fails for the foreign error, the guard does not", () => {
    expect(foreign instanceof ChatApiError).toBe(false);
    expect(isChatApiError(foreign)).toBe(true);
    expect(isChatError(foreign)).toBe(true);
    expect(isChatConnectionError(foreignTimeout)).toBe(true);
  });

  test.each([
    ...API_ERROR_CLASSES.map((Class) => [Class.name, Class.status!] as const),
    ["InternalServerError", 503] as const,
    ["ChatApiError", 418] as const,
  ])("every class of the status table carries the API brand: %s", (name, status) => {
    const error = ChatApiError.from(status, {}, new Headers(), call);
    expect(error.name).toBe(name);
    expect(isChatApiError(error)).toBe(true);
    expect(isChatError(error)).toBe(true);
    expect(isChatConnectionError(error)).toBe(false);
  });

  test("a RateLimitStoreError, a ChatConfigError and a ChatInvalidResponseError are ChatErrors, neither API nor connection errors", () => {
    for (const error of [
      new RateLimitStoreError("store down"),
      new ChatConfigError("bad option"),
      new ChatInvalidResponseError(200, "an empty body", call),
      foreignOf("error", 'e.name = "RateLimitStoreError";'),
    ]) {
      expect([isChatError(error), isChatApiError(error), isChatConnectionError(error)]).toEqual([true, false, false]);
    }
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
