// Type-level contract of the Metrics operations. Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import type { components, createChatClient } from "../../src/index.js";

type Schemas = components["schemas"];
declare const chat: ReturnType<typeof createChatClient>;

export async function usageMetrics() {
  const usage = await chat.GET("/stats", { params: { query: { fromDate: 1630164253, toDate: 1632842653 } } });
  if (usage.data) {
    expectTypeOf(usage.data.data).toEqualTypeOf<Schemas["UsageMetrics"]>();
    expectTypeOf(usage.data.data.metrics.active_users).toEqualTypeOf<number | undefined>();
  }
  await chat.GET("/stats", {
    params: {
      // @ts-expect-error toDate is required
      query: { fromDate: 1630164253 },
    },
  });
}

export async function messageReceiptMetrics() {
  const counts = await chat.GET("/stats/messages");
  if (counts.data) {
    expectTypeOf(counts.data.data.dataPoints).toEqualTypeOf<Schemas["MessageMetricsPoint"][]>();
    expectTypeOf(counts.data.data.dataPoints[0]!.messagesSent).toEqualTypeOf<number>();
    // @ts-expect-error the counts are under data, not at the top level
    counts.data.dataPoints;
  }
}
