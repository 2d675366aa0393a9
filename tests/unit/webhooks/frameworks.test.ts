// The webhook handler mounted in real frameworks (Express 5, Fastify 5, Hono on @hono/node-server),
// each with its setup line from the README: deliveries from the fake reach the handler once, a
// wrong password gets 401 and an oversized body 413, and no handler runs for either.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import express from "express";
import Fastify from "fastify";
import { Hono } from "hono";
import { createChatClient, createManagementClient, unwrap } from "../../../src/index";
import { deliverWebhook, type FakeServer, startFakeServer, webhookEvents } from "../../../src/testing/index";
import { createWebhookHandler, memoryWebhookDedupe, toNodeHandler, type WebhookHandler } from "../../../src/webhooks/index";

const credentials = { username: "hook", password: "s3cret" };
type Started = { url: string; close(): Promise<void> };

const frameworks: Record<string, (handler: WebhookHandler) => Promise<Started>> = {
  async "Express 5"(handler) {
    const app = express();
    app.post("/webhooks/chat", toNodeHandler(handler)); // before any body parser
    app.use(express.json());
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/chat`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  },
  async "Fastify 5"(handler) {
    const app = Fastify();
    // Fastify reads the body before a route sees it: in this scope, a parser that leaves it unread.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
      scope.post("/webhooks/chat", (request, reply) => {
        reply.hijack();
        return toNodeHandler(handler)(request.raw, reply.raw);
      });
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/webhooks/chat`, close: () => app.close() };
  },
  async "Hono on @hono/node-server"(handler) {
    const app = new Hono();
    app.post("/webhooks/chat", (c) => handler(c.req.raw));
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/chat`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  },
};

let fake: FakeServer;
beforeAll(async () => {
  fake = await startFakeServer();
});
afterAll(() => fake.close());

describe.each(Object.keys(frameworks))("%s", (name) => {
  const texts: string[] = [];
  let started: Started;
  beforeAll(async () => {
    fake.reset();
    started = await frameworks[name]!(
      createWebhookHandler({
        ...credentials,
        maxBodyBytes: 64 * 1024,
        dedupe: memoryWebhookDedupe(),
        on: { message_sent: (event) => void texts.push(String(event.data.message.data.text)) },
      }),
    );
  });
  afterAll(() => started.close());

  test("receives the fake's deliveries, each handled once", async () => {
    const management = createManagementClient({ key: fake.key, secret: fake.secret, baseUrl: fake.url });
    const path = { appId: fake.appId };
    await unwrap(
      management.POST("/apps/{appId}/webhooks", {
        params: { path },
        body: { id: "orders", name: "Orders", webhookURL: started.url, useBasicAuth: true, ...credentials },
      }),
    );
    await unwrap(
      management.POST("/apps/{appId}/webhooks/{webhookId}/triggers", {
        params: { path: { ...path, webhookId: "orders" } },
        body: { triggerIds: ["message_sent"] },
      }),
    );
    const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url });
    fake.seed({ users: [{ uid: "ana", name: "Ana" }] });
    await unwrap(chat.POST("/messages", { body: { receiver: "ana", receiverType: "user", data: { text: "Order shipped" } } }));
    const delivery = await fake.waitForDelivery({ trigger: "message_sent", webhook: "orders" }, { timeoutMs: 20_000 });
    expect(delivery.status).toBe(200);
    // The same event again, as a retry would bring it: acknowledged, not handled twice.
    expect((await deliverWebhook(started.url, delivery.payload, credentials)).status).toBe(200);
    expect(texts).toEqual(["Order shipped"]);
  });

  test("a wrong password gets 401 and an oversized body 413, and no handler runs", async () => {
    const before = texts.length;
    const wrong = await deliverWebhook(started.url, webhookEvents.message_sent, { ...credentials, password: "wrong" });
    expect(wrong.status).toBe(401);
    const big = { ...webhookEvents.message_sent, padding: "x".repeat(100 * 1024) };
    expect((await deliverWebhook(started.url, big, credentials)).status).toBe(413);
    expect(texts.length).toBe(before);
  });
});
