import { appendTail, LOG_TAIL_CHARS } from "../../../src/testing/prism-process";

describe("the Prism process's log", () => {
  it("keeps everything while it is shorter than its cap", () => {
    expect(appendTail("[CLI] starting\n", "Prism is listening on http://127.0.0.1:4010\n")).toBe(
      "[CLI] starting\nPrism is listening on http://127.0.0.1:4010\n",
    );
  });

  it("keeps only the last characters once a long-lived mock has logged more than the cap", () => {
    let log = "";
    for (let n = 0; n < 5_000; n++) log = appendTail(log, `[HTTP SERVER] get /users ℹ  info      Request ${n} received\n`);
    expect(log).toHaveLength(LOG_TAIL_CHARS);
    expect(log.endsWith("Request 4999 received\n")).toBe(true);
    expect(log).not.toContain("Request 0 received");
  });

  it("cuts to the cap it is given", () => {
    expect(appendTail("abcdef", "ghij", 4)).toBe("ghij");
    expect(appendTail("abcdef", "gh", 4)).toBe("efgh");
  });
});
