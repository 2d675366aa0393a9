import { createChatClient, type Logger } from "../../../src/index";
import type { ServerResponse } from "node:http";
import { json, withServer } from "../../harness/fault-server";

describe("logger", () => {
  test("logs method, path template, status, attempt and duration per attempt, and each retry", async () => {
    const entries: [string, string, Record<string, unknown> | undefined][] = [];
    const at = (level: string) => (message: string, fields?: Record<string, unknown>) => entries.push([level, message, fields]);
    const logger: Logger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
    const faults = (_q: unknown, res: ServerResponse, hit: number) =>
      hit === 1 ? json(res, 429, {}, { "retry-after": "0" }) : json(res, 200, { data: { id: "2" } });
    await withServer(faults, async (server) => {
      const chat = createChatClient({ appId: "log", apiKey: "k-log-secret", baseUrl: server.url, logger });
      await chat
        .as("u1")
        .POST("/messages/{id}/thread", { params: { path: { id: "parent-message-77" } }, body: { data: { text: "private words" } } });
    });
    const debug = entries.filter(([level]) => level === "debug").map(([, , f]) => f);
    expect(debug).toEqual([
      {
        callId: expect.any(String),
        appId: "log",
        method: "POST",
        path: "/messages/{id}/thread",
        attempt: 1,
        status: 429,
        durationMs: expect.any(Number),
      },
      {
        callId: expect.any(String),
        appId: "log",
        method: "POST",
        path: "/messages/{id}/thread",
        attempt: 2,
        status: 200,
        durationMs: expect.any(Number),
      },
    ]);
    expect(entries.filter(([level]) => level === "info").map(([, , fields]) => fields?.appId)).toEqual(["log"]);
    const all = JSON.stringify(entries);
    expect(all).not.toContain("private words");
    expect(all).not.toContain("k-log-secret");
    // The id would show in a raw path; the call id, random base-36 letters and digits, never holds a "-".
    expect(all).not.toContain("parent-message-77");
  });
});

describe("logger per call", () => {
  test("a call's logger receives that call's lines instead of the client's", async () => {
    await withServer(
      (_q, res) => json(res, 200, { data: [], meta: {} }),
      async (server) => {
        const clientLines: string[] = [];
        const callLines: unknown[] = [];
        const sink = (into: unknown[]): Logger => ({ debug: (_m, f) => into.push(f), info() {}, warn() {}, error() {} });
        const chat = createChatClient({ appId: "log", apiKey: "k", baseUrl: server.url, logger: sink(clientLines) });
        await chat.GET("/users", { logger: sink(callLines) });
        expect(callLines).toEqual([
          {
            callId: expect.any(String),
            appId: "log",
            method: "GET",
            path: "/users",
            attempt: 1,
            status: 200,
            durationMs: expect.any(Number),
          },
        ]);
        expect(clientLines).toEqual([]);
        await chat.GET("/users");
        expect(clientLines).toHaveLength(1);
      },
    );
  });
});
