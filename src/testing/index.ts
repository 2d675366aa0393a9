export { startMockServer } from "./start-mock-server.js";
export type { MockServer, MockServerOptions } from "./start-mock-server.js";
export { startFakeServer } from "./fake/start-fake-server.js";
export type {
  FakeServer,
  FakeServerOptions,
  FakeState,
  FakeMessage,
  FakeAppOptions,
  FakeAppServer,
  FakeServedApp,
} from "./fake/server-types.js";
export type { FakeWebhookDelivery } from "./fake/deliveries/webhook-deliveries.js";
export type { FakeSnapshot, FakeSnapshotModel } from "./fake/state/snapshot.js";
export type { DeliveryMatch, FakeDelivery, WaitForDeliveryOptions } from "./fake/deliveries/wait-for-delivery.js";
export type { FiredTrigger } from "./fake/deliveries/fired-triggers.js";
export { chatFakeHandlers } from "./fake/fronts/chat-fake-handlers.js";
export { connectFake } from "./fake/control/connect-fake.js";
export type { ConnectFakeOptions, RemoteFake, RemoteFaultHandle, RemoteFaultRule } from "./fake/control/connect-fake.js";
export type { FailNextOptions, FakeFaults, FaultHandle, FaultRequest, FaultRule, FaultRuleBase } from "./fake/faults/faults.js";
export type { FakeClockControl } from "./fake/time/fake-clock.js";
export type { FakeSeed, FakeMemberSeed, Seeded } from "./fake/state/seed.js";
export type { FakeUserSeed } from "./fake/model/users.js";
export type { FakeGroupSeed } from "./fake/model/groups.js";
export type { FakeMessageSeed } from "./fake/model/messages.js";
export type { FakeCredentials } from "./fake/pipeline/credentials.js";
export type { FakeRequest, FakeRequestFilter } from "./fake/pipeline/stages.js";
export { webhookEvents } from "./webhook-events.js";
export type { WebhookEventName } from "./webhook-events.js";
export { deliverWebhook } from "./deliver-webhook.js";
export type { DeliverWebhookOptions } from "./deliver-webhook.js";
export { recordTraffic } from "./record/record-traffic.js";
export type { RecordTrafficOptions, TrafficRecorder } from "./record/record-traffic.js";
export { RECORDING_FORMAT, formatRecording, parseRecording, readRecording } from "./record/recording.js";
export type { RecordedExchange, RecordedResponse, Recording, RecordingHeader } from "./record/recording.js";
export { verifyFake } from "./verify/verify-fake.js";
export type { OperationVerdict, VerifyFakeOptions, VerifyReport } from "./verify/verify-fake.js";
export type { Difference } from "./verify/compare-answers.js";
export { ALLOW_LIST_FORMAT, checkAllowList, readAllowList } from "./verify/allow-list.js";
export type { AllowEntry, AllowList } from "./verify/allow-list.js";
export { formatVerifyReport } from "./verify/format-report.js";
export { verifyCommand } from "./verify/verify-command.js";
