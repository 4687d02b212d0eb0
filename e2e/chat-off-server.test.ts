import { describe, expect, it } from "vitest";
import { axeViolations } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// A server whose operator turned AI off (AI_ASSIST_ENABLED=0): the chat says so rather than
// offering a box whose every message would fail.
const suite = useSuite({ AI_ASSIST_ENABLED: "0" });

describe("the AI command chat on a server with AI turned off", () => {
  it("shows the operator's switch instead of a chat, with no message box", async () => {
    const { context, page } = await onDashboard(suite, "chat-server-off");
    await page.goto("/app/orchestrator");
    await page.getByRole("heading", { name: "AI Command Chat", level: 1 }).waitFor();
    const notice = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "AI is turned off", exact: true }) });
    await notice.getByText("AI features are switched off on this server by its operator, so the chat is not available.", { exact: true }).waitFor();
    expect(await page.getByRole("textbox", { name: "Message" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Send" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
