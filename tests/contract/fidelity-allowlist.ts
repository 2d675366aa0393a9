// Every intentional difference between our spec and the vendor's published files, with why.
// Keys are lines of tests/harness/fidelity.ts's output; `*` matches any text (one subtree only).
// tests/contract/fidelity.test.ts fails on any difference missing here, and on any entry here
// that no longer matches a difference.

// The vendor's rule, keyword-list and blocked-message operations (tag Moderation) all declare their 200 body as
// webhookSchema and metaSchema wrapped in a property named "", left over from its webhook operations.
const WEBHOOK_SCHEMA =
  "the vendor declares webhookSchema (a webhook's fields) and metaSchema (page numbers) as this 200 body; its own examples " +
  "and reference pages (cometchat.com/docs/rest-api/moderation/list-rules, list-keywords, list-blocked-messages) show a rule, a keyword list " +
  "or blocked messages, with meta.current";
const moderationWebhookSchema = Object.fromEntries(
  ["*-rule*", "list-moderation-blocked-messages"].flatMap((op) => [
    [`${op}: the vendor's 200 response data nests its schema under a property named ""`, WEBHOOK_SCHEMA],
    [`${op}: the vendor's 200 response meta nests its schema under a property named ""`, WEBHOOK_SCHEMA],
    [`${op}: 200 response property data.* is only in the vendor's spec`, WEBHOOK_SCHEMA],
    [`${op}: 200 response property meta.pagination* is only in the vendor's spec`, WEBHOOK_SCHEMA],
    [`${op}: 200 response property data* is only in ours`, `${WEBHOOK_SCHEMA}; we type those`],
    [
      `${op}: 200 response property meta.* is only in ours`,
      "the moderation lists share CursorMeta: meta.current as the vendor's examples show, next and previous optional",
    ],
  ]),
);
const MANAGEMENT_CREDENTIALS =
  "the vendor's file keeps the key, secret and appId parameters of its Management API pages (apimgmt.cometchat.io/apps/{appId}/moderation/...) " +
  "without defining them; its Chat API pages (cometchat.com/docs/rest-api/moderation/add-rule, add-keywords) send these paths to the Chat host " +
  "with the apikey header, which we declare as the apikey security scheme";
const PUSH_EXAMPLE =
  "the vendor's push-notification answers reuse its request example (settings without the relayed envelope); its answer schema, like every " +
  "other extension's answer, nests the settings in data.body.data";
const CERTIFICATES_SWAPPED =
  "the vendor's examples of the p12 upload and of the certificate query were swapped: the upload's example (described \"Query Certificate\") " +
  "carries the certificate flags, the query's example a success flag, as the p8 upload's does. We type the uploads with success and the query " +
  "with the flags";
const EMAIL_NOTIFICATION_ANSWER =
  "the vendor's schemas of the store and update answers put settings directly under data; its examples, like every other extension's answer, " +
  "nest them in data.body.data with the relayed call's statusCode, success and responseTime";
const PROFANITY_ANSWER =
  "the vendor's schemas of the store and update answers carry the settings; its examples answer body.data.success, as most extensions' calls do";
export const fidelityAllowlist: Record<string, string> = {
  // Fields the vendor's examples show and its schemas leave out, which we declare.
  "*: 200 response property *entities.*.entity.* is only in ours":
    "the vendor types every party of a message as a user; its examples show user, group, message and call parties, which we type as a union on entityType",
  "*: 200 response property *muid is only in ours":
    "the vendor's blocked-message examples show muid, the sending client's own message id; its message schema leaves it out",
  "send-thread-message: request body property muid is only in ours":
    "a thread reply is a message, and the vendor's message takes the sender's muid; its thread request body leaves it out, and sendMessageOnce finds a reply by it",
  "*: 200 response property *receipts* is only in ours":
    "the vendor's conversation examples show receipts on the last message; its message schema leaves them out",
  "*: 200 response property data*.accessKey is only in ours":
    "the vendor's list-apps example shows accessKey, an API key of the app; its app schema leaves it out",
  "*: 200 response property data[].reactedBy.* is only in ours":
    "the vendor's reaction examples show lastActiveAt, and its user examples link, on the reacting user; its reaction schema leaves them out",
  "*: 200 response property data*.metaData is only in ours":
    "the vendor's call-details example shows metaData (an empty list when unset); its call schema leaves it out",
  "*: 200 response property data*.editedAt is only in ours":
    "the vendor's update-message example shows editedAt on the edited message; its message schema leaves it out",
  "*: 200 response property data*.editedBy is only in ours":
    "the vendor's update-message example shows editedBy on the edited message; its message schema leaves it out",
  "*: 200 response property data*.deletedAt is only in ours":
    "the vendor's SDK docs (delete a message) show deletedAt on a deleted message read from the history; its message schema leaves it out",
  "*: 200 response property data*.deletedBy is only in ours":
    "the vendor's SDK docs (delete a message) show deletedBy on a deleted message read from the history; its message schema leaves it out",
  "*: 200 response property data*.parentId is only in ours":
    "the vendor's thread reply schema has parentId, which a reply keeps in every list; its message schema leaves it out",
  "*: 200 response property data*.replyCount is only in ours":
    "the vendor's SDK docs (threaded messages) show replyCount on a thread's parent message; its message schema leaves it out",
  // The vendor's 2xx examples that contradict what the service sends (tests/harness/vendor-examples.ts).
  "user-list-user-messages: the vendor's 200 example example has $.meta.*, which our schema does not declare":
    "the vendor's example of a user's messages carries the page-numbered meta of the page lists (pagination, cursor); " +
    "the messages reference describes meta.next and meta.previous cursors, which paginate follows",
  "list-moderation-blocked-messages: the vendor's 200 example example has $.data[].message.data.*, which our schema does not declare":
    "media and moderation fields the service adds to a blocked message's data (resource, url, moderation); a message's data stays open for them and for the app's own keys",
  "get-rule: the vendor's 200 example example has $.data.*, which our schema does not declare":
    "the vendor's get-rule example repeats a keyword list's fields (category, isCSV, searchTerms); the get-rule reference and the vendor's other rule examples show a rule",
  "list-rule-keywords: the vendor's 200 example example has $.data[].*, which our schema does not declare":
    "_id and __v are the store's internal id and version counter, which the keyword-list reference does not document and no client should rely on",
  "*: the vendor's 200 example example has $.cursor, which our schema does not declare":
    "the vendor's user and member list examples put a cursor beside data and meta; the page-numbered lists carry it in meta.cursor, which we declare",
  "set-*-permissions: the vendor's 200 example example has $.data.sendMessage, which our schema does not declare":
    "the vendor's example sets a permission named sendMessage, which the RBAC overview does not list; the permission maps stay open for names the service adds",
  "notifications-push-*-preferences: the vendor's 200 example example has $.data.*, which our schema does not declare":
    "the vendor's example answers app-wide notification templates (preferences, sound, templates) where the preferences " +
    "reference describes a user's preferences, which we type; which of the two the service sends is not confirmed",
  "list-settings: the vendor's 200 example example has $.data.core.*, which our schema does not declare":
    "switches the vendor's example shows under the core settings that the settings reference does not document; the settings stay open for them",
  "delete-settings-*: the vendor's 200 example example has $.data.body.data.settings, which our schema does not declare":
    "the vendor's image-moderation and sentiment-analysis delete examples repeat the store answer (settings), unlike its own delete schemas and every other extension's delete, which answer success",
  "list-apps: the vendor's 200 example example fails our schema at $.meta: *":
    "the vendor's list-apps example is one app object with no meta; its own schema and the list-apps page describe data as an array of apps with meta.pagination",
  "list-apps: the vendor's 200 example example fails our schema at $.data: *":
    "the vendor's list-apps example is one app object with no meta; its own schema and the list-apps page describe data as an array of apps with meta.pagination",
  "list-groups: the vendor's 200 example example fails our schema at $.*":
    'the vendor\'s list-groups example is an object keyed "0" with meta nested inside data; the groups reference page shows data as an array beside meta',
  "*-conversation*: the vendor's 200 example example fails our schema at $.data: must be object*":
    "the vendor's examples of single conversations hold an array of conversations; its own schema (conversationSchema) and the get-conversation pages describe one object",
  "*-webhook: the vendor's 200 example example fails our schema at $*":
    "the vendor's webhook examples wrap the answer in an array ([{data: ...}]); its own schema and the create-webhook page answer one {data: webhook} object",
  "get-settings-*: the vendor's 200 example example fails our schema at $.data.body.data.settings.appId: *":
    "the vendor's Giphy, malware scanner and email replies examples give appId as a number; app ids are strings everywhere else in the vendor's files, " +
    "including its own appId path parameter",
  "delete-settings-*: the vendor's 200 example example fails our schema at $.data.body.data.success: *":
    "the vendor's image-moderation and sentiment-analysis delete examples repeat the store answer (settings), unlike its own delete schemas and every other extension's delete, which answer success",
  "*: parameter header key is only in the vendor's spec":
    "the vendor declares the management credentials as header parameters; we use the key and secret security schemes",
  "*: parameter header secret is only in the vendor's spec":
    "the vendor declares the management credentials as header parameters; we use the key and secret security schemes",
  'list-apps: the vendor\'s 200 response data[] nests its schema under a property named ""':
    'the vendor wraps appSchema in `properties: {"": ...}`, which describes no real field; we reference App directly',
  'list-apps: the vendor\'s 200 response meta nests its schema under a property named ""':
    'the vendor wraps metaSchema in `properties: {"": ...}`, which describes no real field; we reference PaginationMeta directly',
  "list-apps: 200 response property data[].apiKeys.<API_KEY_* is only in the vendor's spec":
    "the vendor spells the apiKeys map with its example keys as property names; we model it as a map (additionalProperties: AppApiKey)",
  "list-apps: 200 response property data[].apiKeys.* is only in ours":
    "the same apiKeys map, seen from our side: its values are AppApiKey objects under any key",
  "list-apps: 200 response property meta.pagination.links is only in the vendor's spec":
    "the vendor's metaSchema lists pagination.links, but no vendor example or doc shows it; left out until a real response does (spec owner to confirm)",
  "list-users: 200 response property data[].tags is only in ours":
    "the vendor documents withTags=true as adding each user's tags, but its User schema omits the field",
  "list-users: 200 response property data[].blockedByMe is only in ours":
    "the vendor's own list-users example returns it; its schema omits it",
  "list-users: 200 response property data[].blockedByMeAt is only in ours":
    "the vendor's own list-users example returns it; its schema omits it",
  "list-users: 200 response property data[].blockedAt is only in ours":
    "the vendor's own list-users example returns it; its schema omits it",
  "*: parameter query perPage is of type number in the vendor's spec, integer in ours":
    "a page size is a whole number; the vendor's own pagination guide and examples use whole numbers only",
  "*: parameter query page is of type number in the vendor's spec, integer in ours":
    "a page number is a whole number; the vendor's own pagination guide and examples use whole numbers only",
  "list-apikeys: parameter query perPage is only in ours":
    "the vendor answers list-apikeys with meta.pagination but declares no paging parameters; its pagination guide (api-explorer.cometchat.com/reference) says every list takes perPage and page",
  "list-apikeys: parameter query page is only in ours":
    "the vendor answers list-apikeys with meta.pagination but declares no paging parameters; its pagination guide (api-explorer.cometchat.com/reference) says every list takes perPage and page",
  "*: 200 response property data[].statusMessage is only in ours":
    "create-user and update-user take statusMessage and the users API reference lists it among user properties; the vendor's response schemas omit it",
  "list-all-friends: 200 response property data[].tags is only in ours":
    "friends are users, typed as User: tags come back as on list-users; the vendor's inline item schema omits them",
  "list-all-friends: 200 response property data[].blocked*":
    "the vendor's own list-all-friends example returns blockedByMe, blockedByMeAt and blockedAt; its schema omits them",
  "list-blocked-users: 200 response property data[].link is only in ours":
    "blocked users are users, typed as User; the vendor's userSchema omits link although its list-blocked-users example returns it",
  "list-blocked-users: 200 response property data[].tags is only in ours":
    "blocked users are users, typed as User: tags come back as on list-users; the vendor's userSchema omits them",
  "list-blocked-users: 200 response property data[].metadata.email is only in the vendor's spec":
    "the vendor's userSchema types metadata as an object holding only email; metadata is free-form (its examples hold rawMetadata, contactNumber), so ours is additionalProperties: true",
  "add-friend: 200 response property data.<uid* is only in the vendor's spec":
    "the vendor spells the per-UID outcomes with placeholder property names (<uid>, <uid2>) directly under data; its example nests them under data.accepted, which we model as a map",
  "add-friend: 200 response property data.accepted* is only in ours":
    "the same per-UID outcomes, seen from our side: data.accepted maps each UID to an ActionResult (success, message), as the vendor's example shows",
  "*block-users: 200 response property data.<uid> is only in the vendor's spec":
    "the vendor spells the per-UID outcome map with the placeholder property name <uid>; we model it as a map (additionalProperties: ActionResult)",
  "*block-users: 200 response property data.* is only in ours":
    "the same per-UID outcome map, seen from our side: any UID maps to an ActionResult (success, message), as the vendor's example shows",
  "*: 200 response property *.entities.by* is only in ours":
    "action messages (edits, deletions, group events) name their parties by, for and on, as the vendor's own update-message " +
    "and list-user-messages examples show; its messageSchema lists only sender and receiver",
  "*: 200 response property *.entities.for* is only in ours":
    "action messages name the party acted towards in entities.for (the vendor's update-message example); its messageSchema omits it",
  "*: 200 response property *.entities.on* is only in ours":
    "action messages name the message or group acted on in entities.on (the vendor's update-message example); its messageSchema omits it",
  "*: 200 response property *data.action is only in ours":
    "action messages carry data.action (edited, deleted, ...), as the vendor's update-message example shows; its messageSchema omits it",
  "*: 200 response property *data.attachments* is only in ours":
    "media messages carry data.attachments, which the vendor declares on the send body (messageCategorySchema) but not on the returned message",
  "*: 200 response property *data.customData is only in ours":
    "custom messages carry data.customData, which the vendor declares on the send body (customCategorySchema) but not on the returned message",
  "*: 200 response property *data.reactions* is only in ours":
    "messages carry their reaction counts in data.reactions, as the vendor's add and remove reaction examples show",
  "*: 200 response property data*.tags is only in ours":
    "messages carry their tags when the list is asked withTags=true (the vendor's own parameter); its messageSchema omits the field",
  '*-message-reactions: the vendor\'s 200 response data nests its schema under a property named ""':
    'the vendor wraps messageReactionSchema in `properties: {"": ...}`, which describes no real field; we reference Message directly',
  '*-reactions: the vendor\'s 200 response data[] nests its schema under a property named ""':
    'the vendor wraps reactionSchema in `properties: {"": ...}`, which describes no real field; we reference Reaction directly',
  '*-reactions: the vendor\'s 200 response meta nests its schema under a property named ""':
    'the vendor wraps messageMetaSchema in `properties: {"": ...}`, which describes no real field; we reference CursorMeta directly',
  "*-message-reactions: 200 response property data.reactions* is only in the vendor's spec":
    "the vendor's messageReactionSchema puts reactions beside the message's data, but its own examples (and the service) put them in data.reactions, where we declare them",
  "*: parameter query affix is only in ours":
    "the reaction and thread lists answer with a cursor (meta.next.affix) that is sent back as the affix query parameter, which the vendor does not declare on them",
  "*: parameter query id is only in ours":
    "the reaction and thread lists answer with a cursor (meta.next.id) that is sent back as the id query parameter, which the vendor does not declare on them",
  "*: parameter query sentAt is only in ours":
    "message cursors carry sentAt (meta.next.sentAt in every vendor example) and the vendor declares it on list-all-messages; we accept it on every message list so a cursor can be sent back whole",
  "*: parameter query limit is only in ours":
    "the reaction and thread lists answer meta.current.limit and the vendor's reference pages document limit on the moderation lists; the vendor's files declare no parameter for it",
  "*-reactions: 200 response property meta.previous* is only in ours":
    "reaction lists share CursorMeta with the message lists; the vendor's messageMetaSchema lists only current and next",
  "list-*-messages: 200 response property meta.previous* is only in ours":
    "the moderation lists share CursorMeta with the message lists; the vendor declares only meta.current for them",
  "list-*-messages: 200 response property meta.next* is only in ours":
    "the moderation lists share CursorMeta with the message lists; the vendor declares only meta.current for them, and paginate stops where next is absent",
  "list-all-thread-messages: parameter query perPage is only in the vendor's spec":
    "the vendor declares page parameters but every thread list response it and its reference page " +
    "(cometchat.com/docs/rest-api/messages/list-threaded-messages) show carries a cursor (meta.current, meta.next), so we type the cursor parameters",
  "list-all-thread-messages: parameter query page is only in the vendor's spec":
    "the thread list pages by cursor, not by page number: see perPage above and the operation's description",
  "user-list-user-messages: parameter query perPage is only in the vendor's spec":
    "message lists page by limit and cursor (the vendor's REST overview: 'the list messages API supports different " +
    "pagination: limit ... previous, next, current'); perPage belongs to page-numbered lists",
  "*: the vendor's parameter #/components/parameters/apikey does not resolve":
    "the vendor's moderation operations declare the API key as a parameter $ref that its file never defines; we use the apikey security scheme",
  "*: parameter query attachmentTypes is of type string in the vendor's spec, array in ours":
    "the vendor types attachmentTypes as one string of its enum although the filter takes several kinds at once; we declare an " +
    "array sent comma-separated (style form, explode false), like the other list filters",
  "*: parameter query mentionedUids is of type boolean in the vendor's spec, array in ours":
    "the vendor types mentionedUids as a boolean but describes it as comma-separated UIDs; we declare an array of UIDs sent comma-separated",
  "notifications-*-contact-details: 200 response property meta is only in the vendor's spec":
    "the vendor declares an untyped meta on the contact-details answers, but none of its examples or reference pages show one; we declare data only",
  "notifications-sms-*-twilio-details: 200 response property meta is only in the vendor's spec":
    "the vendor declares an untyped meta on the Twilio answers, but none of its examples or reference pages show one; we declare data only",
  "notifications-email-*-sendgrid-details: 200 response property meta is only in the vendor's spec":
    "the vendor declares an untyped meta on the SendGrid answers, but none of its examples or reference pages show one; we declare data only",
  "notifications-update-contact-details: 200 response property data.* is only in ours":
    "the vendor declares data as an array; its example (and GET's) returns the stored contact details, email and phno, which we type as ContactDetails",
  "notifications-sms-*-twilio-details: 200 response property data.twilio* is only in ours":
    "the vendor declares data as an array of bare objects; its examples (and cometchat.com/docs/rest-api/notifications/get-twilio-credentials) " +
    "return one object with the three credentials, which we type as TwilioProvider",
  "notifications-email-*-sendgrid-details: 200 response property data.sen* is only in ours":
    "the vendor declares data as an array; its examples (and cometchat.com/docs/rest-api/notifications/update-sendgrid-credentials) return one " +
    "object; the IDs keep the service's capital D (sendGridTemplateID), not the email-notification extension's sendGridTemplateId",
  "notifications-email-*-sendgrid-details: 200 response property data.allowEmailReplies is only in ours":
    "the vendor's save and update examples return allowEmailReplies beside the credentials; its schema declares data as an array",
  "notifications-email-*-sendgrid-details: 200 response property data.senderEmailForReplies is only in ours":
    "the vendor's save and update examples return senderEmailForReplies beside the credentials; its schema declares data as an array",
  "notifications-email-*-sendgrid-details: 200 response property data.repliesWebhook is only in ours":
    "the vendor's save and update examples return repliesWebhook (where replies reach the service); its schema declares data as an array",
  "notifications-*delete-*-details: 200 response property data.success is only in ours":
    "the vendor declares data as an array; its examples return {data: {success: true}}, without the message of ActionResult, which we type",
  "notifications-push-list-settings: 200 response property meta is only in the vendor's spec":
    "the vendor declares a meta on the notification settings but its example (and cometchat.com/docs/rest-api/notifications/list-settings) carries none",
  "notifications-push-*fcm-provider*: 200 response property meta is only in the vendor's spec":
    "the vendor declares a meta on every FCM provider response; none of its examples carries one",
  "notifications-push-list-apns-providers: 200 response property meta is only in the vendor's spec":
    "the vendor declares a meta on the APNs provider list; its example carries none",
  "notifications-push-*-token*: 200 response property meta is only in the vendor's spec":
    "the vendor declares a meta on every push token response; none of its examples carries one",
  "notifications-push-list-settings: 200 response property data[].* is only in the vendor's spec":
    "the vendor types data as an array of preference objects; its example returns one object with preferences, sound and templates",
  "notifications-push-list-settings: 200 response property data.* is only in ours":
    "the settings object as the vendor's example returns it: preferences, sound and templates, typed from that example and the vendor's pnSettingSchema",
  "notifications-push-update-settings: request body property preferences.call.*Override is only in ours":
    "the vendor's settings example returns an override flag beside each call setting; its Preferences schema lists only the settings",
  "notifications-push-update-settings: request body property preferences.mute.dndPreferenceSetting is only in ours":
    "the vendor's settings example returns mute.dndPreferenceSetting; its Mute schema omits it",
  "notifications-push-*-fcm-provider: 200 response property data.success is only in ours":
    "the vendor types these answers' data as an array, but its examples (and cometchat.com/docs/rest-api/notifications/update-fcm-provider) " +
    "return data: {success: true}",
  "notifications-push-register-token: 200 response property data.success is only in ours":
    "the vendor types the answer's data as an array, but its example returns data: {success: true}",
  "notifications-push-*-settings: 200 response property data.success is only in ours":
    "the vendor types the answers of update-settings and reset-settings as arrays, but its examples return data: {success: true}",
  "notifications-push-list-fcm-providers: 200 response property data.pushProviders* is only in ours":
    "the vendor types data as an array of bare objects; its example returns data.pushProviders. Items are typed from the add-provider body, less the credentials",
  "notifications-push-*-token*: 200 response property data.pushTokens* is only in ours":
    "the vendor types data as an array; its push token examples return data.pushTokens, whose fields we type from those examples",
  "list-groups: 200 response property data[].0 is only in the vendor's spec":
    'the vendor\'s list-groups schema lists a property "0" inside each group, copied from its malformed example; no group has such a field',
  "list-*: 200 response property cursor* is only in the vendor's spec":
    "the vendor puts the updatedAt cursor beside meta; the service's page lists carry it as meta.cursor (PaginationMetaWithCursor), as list-users does",
  "list-groups: 200 response property data[].updatedBy is only in ours":
    "one Group schema serves the group endpoints and the group of a conversation, whose examples (get-group-conversations) carry updatedBy",
  "list-groups: 200 response property data[].onlineMembersCount is only in ours":
    "one Group schema serves the group endpoints and the group of a webhook event, whose documented payloads carry onlineMembersCount",
  "list-groups: 200 response property data[].oldOwner is only in ours":
    "one Group schema serves the group endpoints and the group of a webhook event; the documented group_owner_transferred payload carries oldOwner",
  "list-groups: 200 response property data[].metadata is only in ours":
    "create-group and update-group take metadata and the groups reference (api-explorer.cometchat.com/reference/groups) lists it; the vendor's item schema omits it",
  "list-*: 200 response property data[].updatedAt is only in ours":
    "groups and roles change (update-group, update-role) and the vendor's list-roles example returns updatedAt; its item schemas omit it",
  "list-group-members: 200 response property data[].* is only in ours":
    "the vendor declares the member items as a bare array; its example shows user fields plus scope and joinedAt, which GroupMember (User and both) describes",
  "change-group-member-scope: request body enum of scope is [] in the vendor's spec, [admin|moderator|participant] in ours":
    "the vendor leaves scope a free string; the group members reference names the three scopes, which the service accepts",
  "list-banned-group-users: 200 response property data[].blocked* is only in ours":
    "banned users are users, typed as User; the vendor's own list-users examples return blockedByMe, blockedByMeAt and blockedAt",
  "restrict-features: 200 response property data.u.listUsers is only in the vendor's spec":
    "the vendor spells the per-feature outcome map with one sample key (u.listUsers); we model it as a map (additionalProperties: ActionResult)",
  "restrict-features: 200 response property data.* is only in ours":
    "the same per-feature outcome map, seen from our side: any feature key maps to an ActionResult (success, message)",
  "restrict-features: 200 response property data.*.* is only in ours":
    "the fields of each per-feature outcome (success, message), as the vendor's example shows",
  "mark-group-conversation-as-unread: parameter header onbehalfof is only in ours":
    "the vendor omits onBehalfOf here only; the service keeps a read position per member, and the one-to-one variant's " +
    "reference page (cometchat.com/docs/rest-api/conversations/mark-conversation-messages-as-unread) requires it and names that user in its answer",
  "notifications-push-list-preferences: 200 response property data[].*":
    "the vendor types data as an array of app-wide settings (group, oneOnOne, mute) copied from list-settings; its reset example " +
    "and its update body (pnUpdatePreferences) show the user's preferences object, which we type as NotificationPreferences",
  "notifications-*-preferences: 200 response property data.*Preferences* is only in ours":
    "a user's preferences (groupPreferences, oneOnOnePreferences, mutePreferences), as the vendor's reset example and update body show; " +
    "its response schemas are an untyped array",
  "notifications-*-preferences: 200 response property data.usePrivacyTemplate is only in ours":
    "a user's preferences, as the vendor's reset example and update body (pnUpdatePreferences) show; its response schemas are an untyped array",
  "notifications-*: 200 response property meta is only in the vendor's spec":
    "the vendor declares a bare meta object on every notification preference response, but none of its examples holds one; we leave it out",
  "notifications-push-list-muted: 200 response property data.mutedConversations* is only in ours":
    "the vendor types data as an array of bare objects; its example holds data.mutedConversations, whose items we type as its muteConversation schema",
  "notifications-push-*mute-conversations: 200 response property data.success is only in ours":
    "the vendor types data as an untyped array; its examples hold {success: true} (its PNSuccess schema)",
  "notifications-update-timezone: 200 response property data.timezone is only in ours":
    "the vendor types data as an untyped array; its example holds {timezone}, as get-timezone returns",
  ...moderationWebhookSchema,
  "*: the vendor's parameter #/components/parameters/key does not resolve": MANAGEMENT_CREDENTIALS,
  "*: the vendor's parameter #/components/parameters/secret does not resolve": MANAGEMENT_CREDENTIALS,
  "*: the vendor's parameter #/components/parameters/appId does not resolve": MANAGEMENT_CREDENTIALS,
  "*: the vendor's parameter #/components/parameters/ruleId does not resolve":
    "the vendor refers to a ruleId parameter it never defines; we declare the path parameter (RuleId) with the rule ID limits of its constraints page",
  "*: the vendor's parameter #/components/parameters/keywordId does not resolve":
    "the vendor refers to a keywordId parameter it never defines; we declare the path parameter (KeywordListId)",
  "*: parameter path ruleId is only in ours":
    "the vendor's ruleId parameter $ref resolves nowhere (above); ours is the path parameter it meant",
  "*: parameter path keywordId is only in ours":
    "the vendor's keywordId parameter $ref resolves nowhere (above); ours is the path parameter it meant",
  "*-rule: the vendor's request body (root) #/components/schemas/ModerationRequestBody does not resolve":
    "the vendor refers to a rule body schema it never defines; ModerationRuleRequest takes its fields from the reference pages " +
    "(cometchat.com/docs/rest-api/moderation/add-rule, update-rule)",
  "*-rule-keyword: the vendor's request body (root) #/components/schemas/KeywordList does not resolve":
    "the vendor's multipart keyword-list body refers to a KeywordList schema it never defines; KeywordListRequest takes the fields from " +
    "its reference page (cometchat.com/docs/rest-api/moderation/add-keywords)",
  "create-rule: the vendor's 200 response data #/components/schemas/ModerationData does not resolve":
    "the vendor refers to a rule schema it never defines; ModerationRule takes its fields from the vendor's rule examples",
  "list-rules: parameter query limit is of type string in the vendor's spec, integer in ours":
    "a count of items is a whole number: every moderation list answers it back as an integer in meta.current.limit (the vendor's own examples)",
  "*-reason*: 200 response property data.default is only in ours":
    "the vendor declares default on list-reasons only, but its get-reason-details reference page (cometchat.com/docs/rest-api/moderation/get-reason-details) returns it too",
  "approve-moderation-blocked-messages: PATCH /moderation/blocked-messages/{messageId} is the path template of review-blocked-message*":
    "OpenAPI allows one path per template; review-blocked-message's body (status approved|rejected, reviewed) covers this one's (status), " +
    "its page (cometchat.com/docs/rest-api/moderation-apis/review-blocked-message) uses the Chat host, and its id already shipped",
  '*: the vendor\'s 200 response * nests its schema under a property named ""':
    'the vendor wraps its item, data and meta schemas in `properties: {"": ...}`, which describes no real field; we reference the schema directly',
  "list-*: 200 response property meta.pagination.links is only in the vendor's spec":
    "the vendor's metaSchema lists pagination.links, but no vendor example or doc shows it; left out until a real response does",
  "list-calls: parameter query perPage is only in ours":
    "the vendor answers list-calls with meta.pagination but declares no paging parameters; its pagination guide says every page-numbered list takes perPage and page",
  "list-calls: parameter query page is only in ours":
    "the vendor answers list-calls with meta.pagination but declares no paging parameters; its pagination guide says every page-numbered list takes perPage and page",
  "message-receipt-metrics: 200 response property dataPoints is only in the vendor's spec":
    "the vendor's schema puts dataPoints at the top level, but its own example nests everything under data, where we declare it",
  "message-receipt-metrics: 200 response property data* is only in ours":
    "the counts under data (appId, startTime, endTime, dataPoints[]) as the vendor's own example shows them; its schema types the items as {}",
  "create-app: 200 response property data.apiKeys.<API_KEY_* is only in the vendor's spec":
    "the vendor spells the apiKeys map with its example keys as property names; we model it as a map (additionalProperties: AppApiKey)",
  "create-app: 200 response property data.apiKeys.* is only in ours":
    "the same apiKeys map, seen from our side: its values are AppApiKey objects under any key",
  "delete-app: 200 response property data.message is only in the vendor's spec":
    "the vendor references its success/message schema, but its example (the answer to a deletion) holds success and scheduledToDeleteAt",
  "delete-app: 200 response property data.scheduledToDeleteAt is only in ours":
    "the vendor's own example answers with scheduledToDeleteAt, the time the app will be deleted; its schema omits it",
  "fetch-multi-tenant-usage: 200 response property data.* is only in the vendor's spec":
    "the vendor references appSchema for this answer, but its example (and the service) answer with success and message; the report goes by email",
  "fetch-multi-tenant-usage: 200 response property data.* is only in ours":
    "success and message, as the vendor's own example answers; we reference ActionResult",
  "add-collaborator: 200 response property data.*@cometchat.com* is only in the vendor's spec":
    "the vendor spells the per-address outcome maps with example email addresses as property names; we model each role as a map",
  "add-collaborator: 200 response property data.* is only in ours":
    "the same per-address outcome maps, seen from our side: any address maps to {success}",
  "list-settings: 200 response property meta* is only in the vendor's spec":
    "the vendor's schema adds meta.pagination to the settings, but its example (a single map of settings, not a list) has no meta",
  "list-settings: 200 response property data.* is only in ours":
    "the vendor names five settings; its own example returns ten, some of them lists, so any other key is allowed (boolean or list of names)",
  "map-settings: 200 response property .* is only in the vendor's spec":
    "the vendor's schema is a top-level map of outcomes, but its example (and the service) nest the map under data, where we declare it",
  "add-triggers: 200 response property data.<triggerId>* is only in the vendor's spec":
    "the vendor spells the per-trigger outcome map with the placeholder property name <triggerId>; we model it as a map",
  "add-triggers: 200 response property data.* is only in ours":
    "the same per-trigger outcome map, seen from our side: any trigger ID maps to an ActionResult, as the vendor's example shows",
  "*-webhook*: 200 response property data*.createdAt is only in ours":
    "the vendor's own webhook examples return createdAt; its webhookSchema omits it",
  "*-webhook*: 200 response property data*.updatedAt is only in ours":
    "the vendor's own webhook examples return updatedAt; its webhookSchema omits it",
  "add-tenant: 200 response property .* is only in the vendor's spec":
    "the vendor's schema for this answer is a copy of the map-settings one; its example returns the new account and its app, as we type it",
  // Extensions (ext): listing and switching extensions, and the settings of the first half of them.
  "list-extensions: parameter query perPage is of type string in the vendor's spec, integer in ours":
    "a page size is a whole number; the vendor's own description gives the default 25 and the maximum 1000 as numbers",
  "list-extensions: parameter query page is only in ours":
    "the vendor declares no page parameter, but its example's meta.pagination.links.next asks for the next page with page=2",
  "list-extensions: 200 response property data.* is only in the vendor's spec":
    "the vendor's extensionListSchema spells the list as an object keyed by nine sample extension IDs; its example (and the service) return an array of descriptors",
  "list-extensions: 200 response property data[]* is only in ours":
    "the extension descriptors (Extension, ExtensionHook) typed from the vendor's list-extensions example, which its schema does not describe",
  "list-extensions: 200 response property meta.pagination.links.next is only in ours":
    "the vendor's metaSchema types pagination.links as a string; its list-extensions example sends an object with the next page's URL",
  "enable-extension: 200 response property data.*abled.extention_id* is only in the vendor's spec":
    "the vendor spells the per-extension outcome maps with sample IDs (extention_id1, ...) as property names; we model each as a map keyed by extension ID",
  "enable-extension: 200 response property data.*abled.* is only in ours":
    "the same per-extension outcome maps, seen from our side: any extension ID maps to an ActionResult (success, message), as the vendor's example shows",
  "*: request body property settings.appId is only in ours":
    "every settings schema carries the appId that the vendor's get examples return inside settings; one schema serves the body and the answers",
  "*: 200 response property data.body.data.settings.appId is only in ours":
    "every settings schema carries the appId that the vendor's get examples return inside settings; one schema serves the body and the answers",
  "list-chat-widget: 200 response property data.body.data.configuration* is only in the vendor's spec":
    "the vendor's chatWidgetResponseSchema makes configuration an array beside widgetId; its example (and the service) list widgets, each with widgetId and one configuration",
  "list-chat-widget: 200 response property meta* is only in the vendor's spec":
    "the vendor declares page numbers for the widget list, but its example carries no meta and the operation takes no page parameters",
  "list-chat-widget: 200 response property data.body.data[]* is only in ours":
    "the widgets as the vendor's list-chat-widget example returns them: widgetId and the configuration (ChatWidgetSettings) it was created with",
  "*-chat-widget: request body enum of settings.version is [] in the vendor's spec, [v2] in ours":
    "the vendor's description says the version is always v2 on this path; we declare it as an enum",
  "update-chat-widget: request body property settings.sidebar.start_a_new_conversation is only in ours":
    "the vendor's create body and its list example carry start_a_new_conversation; its update body omits it, and one ChatWidgetSettings serves both",
  "update-chat-widget: request body property settings.sidebar.group_listing is only in ours":
    "the vendor's create body and its list example carry group_listing; its update body omits it, and one ChatWidgetSettings serves both",
  "delete-settings-report-*: 200 response property data.body.data.settings* is only in the vendor's spec":
    "the vendor's delete schemas of the report extensions nest success under settings; their examples, like most extensions' deletions, answer body.data.success",
  "delete-settings-report-*: 200 response property data.body.data.success is only in ours":
    "the report extensions' deletions answer body.data.success in the vendor's examples (ExtensionCallSuccessEnvelope)",
  "get-settings-stickers: 200 response property data.body.data.settings.customStickersData is only in the vendor's spec":
    "the vendor's stickersGetSchema names the custom stickers customStickersData; its example (and the service) answer customMasterStickersData",
  "get-settings-stickers: 200 response property data.body.data.settings.customMasterStickersData is only in ours":
    "the custom stickers under the name the vendor's get-settings-stickers example uses",
  "get-settings-stickers: 200 response property data.body.data.settings.*MasterStickersData[].* is only in ours":
    "the vendor types the sticker items as bare objects in its answer; Sticker takes their fields from its example and its request defaults",
  // Extensions, second half: customer support desks, notifications, the legacy moderation extensions.
  "*-settings-*: request body property settings.webhookURL is only in ours":
    "the vendor's Intercom and Chatwoot answers return, inside settings, the webhook URL the service generates; one schema serves the body and " +
    "the answers, and a request needs none",
  "*-settings-push-notification: request body enum of settings.* is [] in the vendor's spec, [0|1|2] in ours":
    "the vendor's descriptions of version (2 token-based, 0 both, 1 topic-based) and pushProvider (1 FCM, 2 APNs, 0 both) list the only values; " +
    "we declare them as enums",
  "*-settings-push-notification: request body property settings.fcmServerKey is only in ours":
    "the vendor's answer schema lists fcmServerKey, the legacy FCM server key that older apps hold; one schema serves the body and the answers",
  "*-settings-push-notification: 200 response property data.body.data.settings.fcmCredentials* is only in ours":
    "the vendor's answer schema lists only the legacy fcmServerKey; its request schema and the example it gives for the answers carry fcmCredentials",
  "*-settings-push-notification: 200 response property data.body.data.settings.notificationInPayload.flutter is only in ours":
    "the vendor's request schema and example carry the Flutter switch, which its answer schema leaves out",
  "*-settings-push-notification: 200 response property data.body.data.settings.cometchatMessagePayloadOptions* is only in ours":
    "the vendor's request schema and example carry the payload options, which its answer schema leaves out",
  "*-settings-push-notification: the vendor's 200 example abc fails our schema at $.data: *": PUSH_EXAMPLE,
  "*-settings-push-notification: the vendor's 200 example abc has $.settings, which our schema does not declare": PUSH_EXAMPLE,
  "upload-push-notification-certificate-p12: 200 response property data.body.certificate_p* is only in the vendor's spec":
    CERTIFICATES_SWAPPED,
  "upload-push-notification-certificate-p12: 200 response property data.body.success is only in ours": CERTIFICATES_SWAPPED,
  "upload-push-notification-certificate-p12: the vendor's 200 example example fails our schema at $.data.body.success: *":
    CERTIFICATES_SWAPPED,
  "upload-push-notification-certificate-p12: the vendor's 200 example example has $.data.body.certificate_p*, which our schema does not declare":
    CERTIFICATES_SWAPPED,
  "query-push-notification-certificates: 200 response property data.body.success is only in the vendor's spec": CERTIFICATES_SWAPPED,
  "query-push-notification-certificates: 200 response property data.body.certificate_p* is only in ours": CERTIFICATES_SWAPPED,
  "query-push-notification-certificates: the vendor's 200 example example fails our schema at $.data.body.certificate_p*: *":
    CERTIFICATES_SWAPPED,
  "query-push-notification-certificates: the vendor's 200 example example has $.data.body.success, which our schema does not declare":
    CERTIFICATES_SWAPPED,
  "*-settings-email-notification: 200 response property data.settings* is only in the vendor's spec": EMAIL_NOTIFICATION_ANSWER,
  "*-settings-email-notification: 200 response property data.* is only in ours": EMAIL_NOTIFICATION_ANSWER,
  "*-settings-email-notification: the vendor's 200 example example fails our schema at $.data.body.data.settings.senderEmail: *":
    "the vendor's examples give senderEmail as mymail@example, which is not a whole address; SendGrid sends from a verified address",
  "get-settings-data-masking: 200 response property data.body.data.settings.*egexData[].* is only in ours":
    "the vendor types the masks one level deeper than the comparison reads, under its empty-named wrapper; DataMask has their fields " +
    "(name, regex, id, and enableFlag, which its get-settings example sets on the built-in masks only)",
  "get-settings-profanity-filter: 200 response property data.body.data.settings.groupGUID is only in the vendor's spec":
    "the vendor's get-settings schema names the word list groupGUID; its example, and its store and update bodies, name it badwords",
  "get-settings-profanity-filter: 200 response property data.body.data.settings.badwords is only in ours":
    "the word list under the name the vendor's get-settings example and its request bodies use",
  "*-settings-profanity-filter: 200 response property data.body.data.settings* is only in the vendor's spec": PROFANITY_ANSWER,
  "*-settings-profanity-filter: 200 response property data.body.data.success is only in ours": PROFANITY_ANSWER,
};

/** Each pattern's regular expression, made once: the fidelity test weighs every difference against every pattern. */
const patternRegexes = new Map<string, RegExp>();

/** Whether `difference` is covered by `pattern` (`*` matches any text). */
export function allows(pattern: string, difference: string): boolean {
  let regex = patternRegexes.get(pattern);
  if (!regex) {
    regex = new RegExp(
      `^${pattern
        .split("*")
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*")}$`,
    );
    patternRegexes.set(pattern, regex);
  }
  return regex.test(difference);
}
