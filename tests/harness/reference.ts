// The vendor's published OpenAPI files, which the fidelity tests compare the spec with. They are
// not in the repository (we never copy their text): in the workplace they sit beside it, in
// ../shared/reference; anywhere else, CHAT_REFERENCE_DIR names the folder that holds them.
// Without them the fidelity tests skip, and the run's summary says how many and why, in one line.
// CHAT_REQUIRE_REFERENCE=1 makes a missing file fail instead; .ci/run sets it where the folder exists.
import { existsSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(__dirname, "..", "..");

/** The vendor's files the fidelity tests read. */
export const REFERENCE_FILES = ["chat-apis.json", "calls.json", "management-apis.json"] as const;

/** Where the vendor's files are read from. */
export const referenceDir = process.env.CHAT_REFERENCE_DIR || join(root, "..", "shared", "reference");

/** Whether every one of the vendor's files is there. */
export const haveReference = REFERENCE_FILES.every((file) => existsSync(join(referenceDir, file)));

/** Why a group that needs the vendor's files did not run; the summary reporter prints it once, with the count. */
export const REFERENCE_MISSING = `the vendor's ${REFERENCE_FILES.slice(0, -1).join(", ")} and ${REFERENCE_FILES.at(-1)} are not in ${
  process.env.CHAT_REFERENCE_DIR ? referenceDir : relative(root, referenceDir)
}; set CHAT_REFERENCE_DIR to their folder, see CONTRIBUTING.md`;

/**
 * `describe`, for a group that reads the vendor's files: skipped, its title saying why, when they
 * are missing; failing in their place when CHAT_REQUIRE_REFERENCE=1 asks for them (as .ci/run does).
 */
export function describeWithReference(title: string, body: () => void): void {
  if (haveReference) describe(title, body);
  else if (process.env.CHAT_REQUIRE_REFERENCE === "1") {
    describe(title, () => {
      test("reads the vendor's specs, which CHAT_REQUIRE_REFERENCE=1 requires", () => {
        throw new Error(`${REFERENCE_MISSING}.`);
      });
    });
  } else describe.skip(`${title} (skipped: ${REFERENCE_MISSING})`, body);
}
