// The named resource types of the package are what the operations answer and take: a caller can
// write `const group: Group = found.data.data` with no cast. Checked by `tsc --noEmit`, never executed.
import { expectTypeOf } from "expect-type";
import type {
  AddGroupMembersResult,
  Call,
  Conversation,
  CreateGroupRequest,
  createCallsClient,
  createChatClient,
  createManagementClient,
  Group,
  GroupMember,
  KeywordList,
  ModerationReason,
  ModerationRule,
  NotificationLog,
  NotificationPreferences,
  PushSettings,
  PushToken,
  PushTokenRegisterRequest,
  Role,
  RolePermissions,
  ScopePermissions,
  Webhook,
} from "../../src/index.js";

declare const chat: ReturnType<typeof createChatClient>;
declare const calls: ReturnType<typeof createCallsClient>;
declare const mgmt: ReturnType<typeof createManagementClient>;
const as = chat.as("cometchat-uid-1");
const guid = "design-team";

export async function groupsAndRoles(newGroup: CreateGroupRequest) {
  const created = await chat.POST("/groups", { body: newGroup });
  const found = await chat.GET("/groups/{guid}", { params: { path: { guid } } });
  if (found.data) expectTypeOf(found.data.data).branded.toEqualTypeOf<Group>();
  const members = await chat.GET("/groups/{guid}/members", { params: { path: { guid } } });
  if (members.data) expectTypeOf(members.data.data).branded.toEqualTypeOf<GroupMember[]>();
  const added = await chat.POST("/groups/{guid}/members", { params: { path: { guid } }, body: { participants: ["cometchat-uid-2"] } });
  if (added.data) expectTypeOf(added.data.data).branded.toEqualTypeOf<AddGroupMembersResult>();
  const role = await chat.GET("/roles/{role}", { params: { path: { role: "moderator" } } });
  if (role.data) expectTypeOf(role.data.data).branded.toEqualTypeOf<Role>();
  const roleMap: RolePermissions = { createGroup: "allow", "createGroup.allowedGroupTypes": ["public"] };
  await chat.PUT("/roles/{role}/permissions", { params: { path: { role: "moderator" } }, body: { permissions: roleMap } });
  const scopeMap: ScopePermissions = { sendMessage: "deny" };
  await chat.PUT("/groups/{guid}/scopes/{scope}/permissions", {
    params: { path: { guid, scope: "participant" } },
    body: { permissions: scopeMap },
  });
  return created;
}

export async function conversationsAndNotifications(registration: PushTokenRegisterRequest) {
  const conversation = await as.GET("/users/{uid}/conversation", { params: { path: { uid: "cometchat-uid-2" } } });
  if (conversation.data) expectTypeOf(conversation.data.data).branded.toEqualTypeOf<Conversation>();
  const preferences = await chat.GET("/notifications/v1/preferences", { params: { query: { uid: "cometchat-uid-1" } } });
  if (preferences.data) expectTypeOf(preferences.data.data).branded.toEqualTypeOf<NotificationPreferences>();
  const settings = await chat.GET("/notifications/v1/settings");
  if (settings.data) expectTypeOf(settings.data.data).branded.toEqualTypeOf<PushSettings>();
  const tokens = await chat.GET("/notifications/push/v1/tokens", { params: { query: { authToken: "cometchat-uid-1_1717000000abc" } } });
  if (tokens.data) expectTypeOf(tokens.data.data.pushTokens).branded.toEqualTypeOf<PushToken[]>();
  await chat.POST("/notifications/push/v1/tokens", { body: registration });
  const logs = await chat.GET("/notifications/v1/logs");
  if (logs.data) expectTypeOf(logs.data.data).branded.toEqualTypeOf<NotificationLog[]>();
}

export async function moderationCallsAndWebhooks() {
  const rule = await chat.GET("/moderation/rules/{ruleId}", { params: { path: { ruleId: "profanity" } } });
  if (rule.data) expectTypeOf(rule.data.data).branded.toEqualTypeOf<ModerationRule>();
  const keywords = await chat.GET("/moderation/keywords/{keywordId}", { params: { path: { keywordId: "banned" } } });
  if (keywords.data) expectTypeOf(keywords.data.data).branded.toEqualTypeOf<KeywordList>();
  const reason = await chat.GET("/moderation/reasons/{id}", { params: { path: { id: "spam" } } });
  if (reason.data) expectTypeOf(reason.data.data).branded.toEqualTypeOf<ModerationReason>();
  const call = await calls.GET("/calls/{sessionId}", { params: { path: { sessionId: "v1.us.app.1692368113" } } });
  if (call.data) expectTypeOf(call.data.data).branded.toEqualTypeOf<Call>();
  const webhook = await mgmt.GET("/apps/{appId}/webhooks/{webhookId}", { params: { path: { appId: "2a1b3c4d", webhookId: "w1" } } });
  if (webhook.data) expectTypeOf(webhook.data.data).branded.toEqualTypeOf<Webhook>();
}
