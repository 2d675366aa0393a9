export { ensureUser } from "./ensure-user.js";
export type { EnsureUserOptions, EnsuredUser } from "./ensure-user.js";
export { issueAuthToken } from "./issue-auth-token.js";
export type { IssueAuthTokenOptions, IssuedAuthToken } from "./issue-auth-token.js";
export { ensureGroup } from "./ensure-group.js";
export type { EnsureGroupOptions, EnsuredGroup } from "./ensure-group.js";
export { syncGroupMembers } from "./sync-group-members.js";
export type {
  SyncGroupMembersOptions,
  SyncGroupMembersResult,
  WantedMembers,
  GroupScope,
  AddedMember,
  ScopeChange,
} from "./sync-group-members.js";
export { importUsers } from "./import-users.js";
export { ImportUsersError } from "./import-users-error.js";
export type { ImportUsersOptions, ImportUsersResult, ImportProgress, ImportFailure, ProgressTimers } from "./import-users.js";
export type { JobCheckpoint } from "./job-checkpoint.js";
export type { JobProgress } from "./job-progress.js";
export type { HelperFailure } from "./helper-failure.js";
export type { UserInput, GroupInput, OnExists } from "./check-input.js";
export { sendMessageOnce } from "./send-message-once.js";
export type { SendMessageOnceOptions, SentOnce } from "./send-message-once.js";
export { kickMembers } from "./kick-members.js";
export { banUsers } from "./ban-users.js";
export { unbanUsers } from "./unban-users.js";
export { deleteMessages } from "./delete-messages.js";
export type { DeleteMessagesOptions } from "./delete-messages.js";
export { deactivateUsers } from "./deactivate-users.js";
export type { ConvergeOptions, ConvergeResult } from "./converge.js";
export { importGroups } from "./import-groups.js";
export type { GroupImport, ImportGroupsOptions, ImportGroupsProgress, ImportGroupsResult, ImportGroupFailure } from "./import-groups.js";
export { exportUsers } from "./export-lists.js";
export { exportGroups } from "./export-lists.js";
export { exportMessages } from "./export-lists.js";
export type { ExportedGroup } from "./export-lists.js";
export type { ExportOptions } from "./export-job.js";
