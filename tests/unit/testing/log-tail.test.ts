import { LOG_TAIL_CHARS, LogTail } from "../../../src/testing/log-tail";

describe("the tail of a child process's log", () => {
  it("keeps everything while it is shorter than its cap", () => {
    const log = new LogTail();
    log.push("[CLI] starting\n");
    log.push("Prism is listening on http://127.0.0.1:4010\n");
    expect(log.toString()).toBe("[CLI] starting\nPrism is listening on http://127.0.0.1:4010\n");
  });

  it("keeps only the last characters once a long-lived mock has logged more than the cap", () => {
    const log = new LogTail();
    for (let n = 0; n < 5_000; n++) log.push(`[HTTP SERVER] get /users ℹ  info      Request ${n} received\n`);
    expect(log.toString()).toHaveLength(LOG_TAIL_CHARS);
    expect(log.toString().endsWith("Request 4999 received\n")).toBe(true);
    expect(log.toString()).not.toContain("Request 0 received");
  });

  it("cuts to the cap it is given, across chunks and after compacting", () => {
    const log = new LogTail(4);
    log.push("abcdef");
    expect(log.toString()).toBe("cdef");
    log.push("gh");
    expect(log.toString()).toBe("efgh");
    for (const chunk of ["i", "j", "k", "l", "m"]) log.push(chunk);
    expect(log.toString()).toBe("jklm");
  });
});
