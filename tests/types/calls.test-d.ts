// Type-level contract of the Calls operations, on the Calls client. Checked by `tsc --noEmit`
// in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import { type components, type createChatClient, createCallsClient, type operations } from "../../src/index.js";

type Schemas = components["schemas"];
declare const chat: ReturnType<typeof createChatClient>;
const calls = createCallsClient({ appId: "2a1b3c4d", region: "eu", apiKey: "k" });

export async function listCalls() {
  type Query = NonNullable<operations["list-calls"]["parameters"]["query"]>;
  expectTypeOf<Query["status"]>().toEqualTypeOf<"unanswered" | "rejected" | "ongoing" | "ended" | undefined>();
  expectTypeOf<Query["type"]>().toEqualTypeOf<"audio" | "video" | undefined>();
  expectTypeOf<Query["hasRecording"]>().toEqualTypeOf<boolean | undefined>();

  // The vendor's documented request: GET /v3/calls?type=video&status=ended&hasRecording=true
  const list = await calls.GET("/calls", { params: { query: { type: "video", status: "ended", hasRecording: true } } });
  if (list.data) {
    expectTypeOf(list.data.data).toEqualTypeOf<Schemas["Call"][]>();
    // The vendor's example of this list sends no per_page, so it is not promised.
    expectTypeOf(list.data.meta.pagination.per_page).toEqualTypeOf<number | undefined>();
    expectTypeOf(list.data.meta.pagination.total_pages).toEqualTypeOf<number>();
    expectTypeOf(list.data.data[0]!.participants).toEqualTypeOf<Schemas["CallParticipant"][] | undefined>();
  }
  await calls.GET("/calls", { params: { query: { status: "unanswered" } } });
  await calls.as("cometchat-uid-1").GET("/calls");

  await calls.GET("/calls", {
    params: {
      query: {
        // @ts-expect-error status is one of the documented values
        status: "missed",
      },
    },
  });
  // @ts-expect-error list-calls is a Calls API operation, not on the chat client
  await chat.GET("/calls");
  // @ts-expect-error the Calls client has only the Calls paths
  await calls.GET("/users");
}

export async function retrieveCallDetails() {
  const call = await calls.GET("/calls/{sessionId}", { params: { path: { sessionId: "v1.us.31780434a95d45.1692368113" } } });
  if (call.data) {
    expectTypeOf(call.data.data).toEqualTypeOf<Schemas["Call"]>();
    expectTypeOf(call.data.data.totalDuration).toEqualTypeOf<string | undefined>();
  }
  await calls.GET("/calls/{sessionId}", {
    params: {
      // @ts-expect-error the sessionId is required
      path: {},
    },
  });
}

export async function retrieveCallTranscriptions() {
  const bound = createCallsClient({ appId: "2a1b3c4d", apiKey: "k", onBehalfOf: "cometchat-uid-1" });
  const list = await bound.GET("/calls/{sessionId}/transcriptions", {
    params: { path: { sessionId: "v1.us.31780434a95d45.1692368113" }, query: { page: 2, perPage: 100 } },
  });
  if (list.data) {
    expectTypeOf(list.data.data).toEqualTypeOf<Schemas["CallTranscription"][]>();
    expectTypeOf(list.data.data[0]!.transcriptUrl).toEqualTypeOf<string>();
  }
  await calls.GET("/calls/{sessionId}/transcriptions", {
    params: {
      path: { sessionId: "s" },
      query: {
        // @ts-expect-error perPage is a number
        perPage: "100",
      },
    },
  });
}
