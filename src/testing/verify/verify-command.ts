// `chat-rest-fake verify <file>`: the command's arguments, output and exit code. Here rather
// than in bin/ so that it is tested without a build; the bin only hands it the arguments.
import { formatVerifyReport } from "./format-report";
import { verifyFake } from "./verify-fake";

export const VERIFY_USAGE = `Usage: chat-rest-fake verify <recording.ndjson> [--allow <allow.json>] [--json]

Replays a recording made with recordTraffic (chat-rest-sdk/testing) through a fresh fake and
reports, per operation, whether the fake answered as the service did.
  --allow <file>   known differences, each with its reason (format chat-rest-sdk/verify-allow@1)
  --json           print the report as JSON instead of text
Exits 0 when every difference is on the allow-list, 1 when one is not, 2 on a usage error.`;

/**
 * `chat-rest-fake verify`: runs the command with its arguments (those after `verify`), writing
 * the report to `io.out` and usage errors to `io.err`; resolves with the exit code: 0 when every
 * difference is on the allow-list, 1 when one is not, 2 on a usage error or a file it cannot read.
 *
 * @example
 * process.exitCode = await verifyCommand(["staging.ndjson", "--allow", "fake-allow.json"], { out: console.log, err: console.error });
 */
export async function verifyCommand(args: readonly string[], io: { out(text: string): void; err(text: string): void }): Promise<number> {
  let file: string | undefined;
  let allow: string | undefined;
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--help" || arg === "-h") {
      io.out(VERIFY_USAGE);
      return 0;
    }
    if (arg === "--json") json = true;
    else if (arg === "--allow") {
      allow = args[++i];
      if (allow === undefined) {
        io.err(`chat-rest-fake verify: --allow needs a file.\n\n${VERIFY_USAGE}`);
        return 2;
      }
    } else if (arg.startsWith("-") || file !== undefined) {
      io.err(`chat-rest-fake verify: unexpected ${arg}.\n\n${VERIFY_USAGE}`);
      return 2;
    } else file = arg;
  }
  if (file === undefined) {
    io.err(`chat-rest-fake verify: name the recording to replay.\n\n${VERIFY_USAGE}`);
    return 2;
  }
  try {
    const report = await verifyFake(file, { allow });
    io.out(json ? JSON.stringify(report, null, 2) : formatVerifyReport(report));
    return report.ok ? 0 : 1;
  } catch (error) {
    io.err(`chat-rest-fake verify: ${(error as Error).message}`);
    return 2;
  }
}
