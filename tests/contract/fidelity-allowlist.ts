// Every intentional difference between our spec and the vendor's published files, with why.
// Keys are lines of tests/harness/fidelity.ts's output; `*` matches any text (one subtree only).
// tests/contract/fidelity.test.ts fails on any difference missing here, and on any entry here
// that no longer matches a difference.
export const fidelityAllowlist: Record<string, string> = {
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
};

/** Whether `difference` is covered by `pattern` (`*` matches any text). */
export function allows(pattern: string, difference: string): boolean {
  const regex = new RegExp(
    `^${pattern
      .split("*")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );
  return regex.test(difference);
}
