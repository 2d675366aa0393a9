// A recording assembled from the vendor's published answer examples (../shared/reference), as if
// a backend had made these calls: each exchange's answer is the vendor's 200 example, and its
// request is the one that example answers, written from the example's own fields. The examples
// come from different moments of a demo app, so differences are expected: each one is either a
// fix to the fake or an entry of vendor-allow.json with its reason.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RECORDING_FORMAT, type RecordedExchange, type Recording } from "../../src/testing/index";
import { referenceDir } from "../harness/reference";

type JsonObject = Record<string, any>;

/** The vendor's 200 example of an operation, by method and path. */
function example(vendor: JsonObject, method: string, path: string): JsonObject {
  const media = vendor.paths[path][method.toLowerCase()].responses["200"].content["application/json"];
  return structuredClone(media.example ?? Object.values(media.examples as JsonObject)[0].value);
}

/**
 * The recording of a small flow: a user made with a token and read back, a group made and read
 * back, a message sent and read back, and the conversation it started.
 */
export function vendorRecording(): Recording {
  const vendor = JSON.parse(readFileSync(join(referenceDir, "chat-apis.json"), "utf8")) as JsonObject;
  const user = example(vendor, "POST", "/users");
  const group = example(vendor, "POST", "/groups");
  const message = example(vendor, "POST", "/messages");
  const { uid, name, link, avatar, metadata, tags } = user.data;
  const { guid, name: groupName, description, icon, type, owner, tags: groupTags } = group.data;
  const { sender, receiver, receiverType, category, type: messageType, data } = message.data;
  let seq = 0;
  const exchange = (at: number, method: string, operationId: string, path: string, rest: Partial<RecordedExchange>): RecordedExchange => ({
    seq: ++seq,
    time: new Date(at * 1000).toISOString(),
    durationMs: 0,
    operationId,
    api: "chat",
    method,
    path,
    params: {},
    credential: "apikey-1",
    ...rest,
  });
  const exchanges = [
    exchange(user.data.createdAt, "POST", "create-user", "/users", {
      requestBody: { uid, name, link, avatar, metadata, tags, withAuthToken: true },
      response: { status: 200, headers: {}, body: user },
    }),
    exchange(user.data.createdAt + 1, "GET", "get-user", "/users/{uid}", {
      params: { path: { uid } },
      response: { status: 200, headers: {}, body: example(vendor, "GET", "/users/{uid}") },
    }),
    // The vendor's group examples show the owner's membership (scope, hasJoined): made and read as the owner.
    exchange(group.data.createdAt, "POST", "create-group", "/groups", {
      onBehalfOf: owner,
      requestBody: { guid, name: groupName, description, icon, type, owner, tags: groupTags },
      response: { status: 200, headers: {}, body: group },
    }),
    exchange(group.data.createdAt + 1, "GET", "get-group", "/groups/{guid}", {
      params: { path: { guid } },
      onBehalfOf: owner,
      response: { status: 200, headers: {}, body: example(vendor, "GET", "/groups/{guid}") },
    }),
    exchange(message.data.sentAt, "POST", "send-message", "/messages", {
      onBehalfOf: sender,
      requestBody: { receiver, receiverType, category, type: messageType, data: { text: data.text, metadata: data.metadata } },
      response: { status: 200, headers: {}, body: message },
    }),
    exchange(message.data.sentAt + 1, "GET", "get-message-details", "/messages/{id}", {
      params: { path: { id: message.data.id } },
      onBehalfOf: sender,
      response: { status: 200, headers: {}, body: example(vendor, "GET", "/messages/{id}") },
    }),
    // The vendor's example of one conversation is a list of them: the spec refuses it (see vendor-example-defects).
    exchange(message.data.sentAt + 2, "GET", "get-user-conversations", "/users/{uid}/conversation", {
      params: { path: { uid: receiver } },
      onBehalfOf: sender,
      response: { status: 200, headers: {}, body: example(vendor, "GET", "/users/{uid}/conversation") },
    }),
  ];
  return { header: { format: RECORDING_FORMAT, recordedAt: new Date(0).toISOString(), pseudonyms: false }, exchanges };
}
