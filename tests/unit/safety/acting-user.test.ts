import { type ActingUserSources, actingUser, actingUserOfRequest, userKey } from "../../../src/safety/acting-user";
import { ChatConfigError } from "../../../src/index";

// Every source of onBehalfOf, and the one user a call then acts as. The nearest source wins:
// the call's params.header or headers, then as(), then the client's onBehalfOf option, then the
// client's headers option.
const table: [string, ActingUserSources, string | undefined][] = [
  ["no source at all", {}, undefined],
  ["an empty call", { call: {} }, undefined],
  ["the client's headers option", { clientHeaders: { onBehalfOf: "ana" } }, "ana"],
  ["the client's headers option, lower case", { clientHeaders: { onbehalfof: "ana" } }, "ana"],
  ["the client's headers option as a Headers", { clientHeaders: new Headers({ ONBEHALFOF: "ana" }) }, "ana"],
  ["the client's headers option as pairs", { clientHeaders: [["OnBehalfOf", "ana"]] }, "ana"],
  ["the client's onBehalfOf option", { onBehalfOf: "ben" }, "ben"],
  ["the onBehalfOf option over the headers option", { onBehalfOf: "ben", clientHeaders: { onBehalfOf: "ana" } }, "ben"],
  ["as()", { as: "cy" }, "cy"],
  ["as() over both client options", { as: "cy", onBehalfOf: "ben", clientHeaders: { onBehalfOf: "ana" } }, "cy"],
  ["the call's headers", { call: { headers: { onBehalfOf: "dee" } } }, "dee"],
  ["the call's headers in any case", { call: { headers: { ONBEHALFOF: "dee" } } }, "dee"],
  ["the call's headers as a Headers", { call: { headers: new Headers({ onbehalfof: "dee" }) } }, "dee"],
  ["the call's headers over as()", { as: "cy", call: { headers: { onBehalfOf: "dee" } } }, "dee"],
  ["params.header", { call: { params: { header: { onBehalfOf: "eve" } } } }, "eve"],
  ["params.header in any case", { call: { params: { header: { onbehalfof: "eve" } } } }, "eve"],
  [
    "params.header over every client source",
    { as: "cy", onBehalfOf: "ben", clientHeaders: { onBehalfOf: "ana" }, call: { params: { header: { onBehalfOf: "eve" } } } },
    "eve",
  ],
  ["headers and params.header that agree", { call: { headers: { onBehalfOf: "eve" }, params: { header: { OnBehalfOf: "eve" } } } }, "eve"],
  ["a header set to undefined, which is not sent", { as: "cy", call: { headers: { onBehalfOf: undefined } } }, "cy"],
  ["other headers only", { clientHeaders: { "x-trace": "t" }, call: { headers: { "x-trace": "u" } } }, undefined],
];

test.each(table.map(([name, sources, user]) => [name, user ?? "the app", sources, user] as const))(
  "%s: the call acts as %s",
  (_name, _shown, sources, user) => {
    expect(actingUser(sources)).toBe(user);
  },
);

const refused: [string, ActingUserSources, RegExp][] = [
  [
    "headers and params.header naming different users",
    { call: { headers: { onBehalfOf: "a" }, params: { header: { onBehalfOf: "b" } } } },
    /different onBehalfOf/,
  ],
  ["one set of headers naming it twice", { call: { headers: { onBehalfOf: "a", ONBEHALFOF: "a" } } }, /sets onBehalfOf twice/],
  ["a UID with a line break in the client's headers", { clientHeaders: { onBehalfOf: "a\r\nb" } }, /control character/],
  ["an empty UID in params.header", { call: { params: { header: { onBehalfOf: "" } } } }, /non-empty UID/],
  ["a non-ASCII UID in the call's headers", { call: { headers: { onBehalfOf: "josé" } } }, /non-ASCII/],
];

test.each(refused)("%s is refused with a ChatConfigError", (_name, sources, message) => {
  expect(() => actingUser(sources)).toThrow(ChatConfigError);
  expect(() => actingUser(sources)).toThrow(message);
});

test("a server reads the acting user from the request's lower-case onBehalfOf header, and counts UIDs in any case as one", () => {
  expect(actingUserOfRequest({ onbehalfof: "Ana", "x-trace": "t" })).toBe("Ana");
  expect(actingUserOfRequest({ "x-trace": "t" })).toBeUndefined();
  expect(actingUserOfRequest({ onbehalfof: "" })).toBeUndefined();
  expect(userKey("Ana")).toBe(userKey("ANA"));
});
