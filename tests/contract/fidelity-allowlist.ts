// Every intentional difference between our spec and the vendor's published files, with why.
// Keys are lines of tests/harness/fidelity.ts's output; `*` matches any text (one subtree only).
// tests/contract/fidelity.test.ts fails on any difference missing here, and on any entry here
// that no longer matches a difference.
export const fidelityAllowlist: Record<string, string> = {
  "list-apps: parameter header key is only in the vendor's spec":
    "the vendor declares the management credentials as header parameters; we use the key and secret security schemes",
  "list-apps: parameter header secret is only in the vendor's spec":
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
