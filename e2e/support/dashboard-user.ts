import type { Suite } from "./suite";
import { newPage } from "./browser";
import { membershipsOf, seedVerifiedUser } from "./seed";
import { signInThroughApi, signInThroughUi } from "./users";

type Seeded = { id: string };

/**
 * A new user (`user`, with their password) signed in on the dashboard of their organisation
 * (`orgId`), with an `api` that calls its endpoints with their session. Signed in over HTTP with the
 * cookies handed to the browser (quicker), or through the form when the journey depends on what the
 * app set up on the way in (session-and-offline's offline dialog does: over HTTP its projects were
 * already at hand, so the "will load once the network is back" state never showed).
 */
export async function onDashboard(suite: Suite, label: string, colorScheme: "light" | "dark" = "light", signIn: "http" | "form" = "http") {
  const user = await seedVerifiedUser(suite.server, label);
  const { context, page } = await newPage(suite.browser, suite.server.url, { colorScheme, skipOnboarding: true });
  if (signIn === "form") await signInThroughUi(page, user);
  else await signInThroughApi(page, suite.server, user);
  await page.getByRole("heading", { name: "Command Center" }).waitFor();
  const [membership] = await membershipsOf(suite.server, user.id);
  const api = async <T>(method: string, path: string, data?: unknown): Promise<T> => {
    const res = await page.request.fetch(`/api/v1/organisations/${membership!.orgId}${path}`, { method, data });
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const project = async (name: string, color = "#16a34a") => {
    const { plane } = await api<{ plane: Seeded }>("POST", "/planes", { name: `${name} plane` });
    return (await api<{ project: Seeded }>("POST", "/projects", { plane_id: plane.id, name, color })).project.id;
  };
  const task = async (projectId: string, title: string, extra: Record<string, unknown> = {}) =>
    (await api<{ task: Seeded }>("POST", "/tasks", { project_id: projectId, title, ...extra })).task.id;
  return { context, page, api, project, task, userId: user.id, user, orgId: membership!.orgId };
}
