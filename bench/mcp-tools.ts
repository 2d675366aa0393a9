// The MCP server's tool lists (chat-rest-sdk/mcp): what each mode puts in a model's context, in
// characters and in tokens (characters ÷ 4), against the budgets that tests/mcp/tool-list-budget.test.ts
// enforces. Sizes, not timings: the same on every machine.
import { operationTools } from "../generated/mcp-tools.js";
import { dynamicAnswersSize, TOOL_LIST_BUDGETS, type ToolListSize, toolListSize } from "../tests/mcp/tool-list-size.js";
import { main, report } from "./section.js";

main(async () => {
  const everyOperation = { tools: operationTools.map((tool) => tool.name) };
  const [byDefault, bound, dynamic, all, answers] = await Promise.all([
    toolListSize(),
    toolListSize({ as: "support-agent" }),
    toolListSize({ dynamic: true }),
    toolListSize({ scope: everyOperation }),
    dynamicAnswersSize(),
  ]);
  const row = (mode: string, size: ToolListSize, budget?: number) => [
    mode,
    size.tools,
    size.characters,
    size.tokens,
    budget === undefined ? "report" : `≤ ${budget}`,
  ];
  const firstCall = answers.list.tokens + answers.largestDescription.tokens;
  report({
    tables: [
      {
        title: "Tool lists of chat-rest-mcp, in a model's context",
        intro: [
          "The `tools` of the server's tools/list answer as JSON; tokens are characters ÷ 4.",
          "The default scope is the Chat and Calls APIs' reads (but deprecated ones and those whose answers hold a credential) and message sending.",
          "The dynamic mode lists three tools whatever the scope; an agent then reads list_operations' answer and one description.",
        ].join(" "),
        columns: ["tool list", "tools", "characters", "tokens", "budget"],
        rows: [
          row("default scope", byDefault, TOOL_LIST_BUDGETS.default),
          row("default scope, `--as <uid>` (no onBehalfOf argument, no send-bot-message)", bound),
          row("every operation (283)", all),
          row("dynamic mode", dynamic, TOOL_LIST_BUDGETS.dynamic),
          row("dynamic mode: list_operations' answer, default scope", answers.list),
          row("dynamic mode: the largest describe_operation answer", answers.largestDescription),
        ],
        notes: [
          [
            `Dynamic mode, to reach any one operation of the default scope: ${dynamic.tokens} + ${answers.list.tokens}`,
            `+ ${answers.largestDescription.tokens} = ${dynamic.tokens + firstCall} tokens at most`,
            `(budget for the two answers: ${TOOL_LIST_BUDGETS.dynamicFirstCall}).`,
          ].join(" "),
          [
            "Descriptions are the spec's summary and first sentence (fields: first sentence), each whole, never cut;",
            "schema examples are dropped, and example arguments are only in describe_operation's answer.",
          ].join(" "),
        ],
      },
    ],
    figures: { defaultTokens: byDefault.tokens, dynamicTokens: dynamic.tokens, allTokens: all.tokens },
  });
});
