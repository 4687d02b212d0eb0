import { parseCommand } from "./builtin/parse-command";
import type { AnswerSink } from "./answer-types";
import type { ChatCtx } from "./chat-ctx";
import { BUILTIN_HELP } from "./help-text";
import { statusText } from "./status-counts";
import { runTool } from "./tools/run-tool";

/** The assistant that needs no model: a fixed set of plain commands, each run through a tool. */
export async function answerBuiltin(ctx: ChatCtx, message: string, sink: AnswerSink): Promise<void> {
  const command = parseCommand(message);
  switch (command.kind) {
    case "help":
      return sink.text(BUILTIN_HELP);
    case "status":
      return sink.text(await statusText(ctx));
    case "invalid":
      return sink.text(command.reason);
    case "unknown":
      return sink.text(`I didn't understand that. ${BUILTIN_HELP}`);
    case "tool": {
      const outcome = await runTool(ctx, command.call);
      await sink.action(outcome);
      return sink.text(outcome.text);
    }
  }
}
