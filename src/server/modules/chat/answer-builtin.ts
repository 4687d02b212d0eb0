import { translateServerMessage } from "../../i18n/server-messages";
import type { AnswerSink } from "./answer-types";
import { parseCommand } from "./builtin/parse-command";
import { repliesIn } from "./builtin/replies/replies";
import type { ChatCtx } from "./chat-ctx";
import { statusText } from "./status-counts";
import { runTool } from "./tools/run-tool";

/**
 * The assistant that needs no model: a fixed set of plain commands in English, German or French,
 * each run through a tool. It answers in the reader's language, whatever the command's.
 */
export async function answerBuiltin(ctx: ChatCtx, message: string, sink: AnswerSink): Promise<void> {
  const lang = ctx.readerLang ?? "en";
  const say = repliesIn(lang);
  const command = parseCommand(message);
  switch (command.kind) {
    case "help":
      return sink.text(say.help);
    case "status":
      return sink.text(await statusText(ctx, lang));
    case "invalid":
      return sink.text(command.reason.code === "due_unreadable" ? say.dueUnreadable(command.reason.due) : say.titleMissing);
    case "unknown":
      return sink.text(say.didNotUnderstand);
    case "tool": {
      const outcome = await runTool({ ...ctx, lang }, command.call);
      await sink.action(outcome);
      // A refusal is written in English for its card (translated when read): said here in the reader's.
      return sink.text(outcome.action.state === "failed" ? translateServerMessage(lang, outcome.text) : outcome.text);
    }
  }
}
