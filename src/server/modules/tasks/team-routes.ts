import { Hono } from "hono";
import { z } from "zod";
import { boardQuery, commentPageQuery, createCommentInput, moveTaskInput, updateCommentInput } from "@/shared/task-team";
import type { AppEnv } from "../../context";
import { parseBody, parseWith } from "../../lib/parse";
import { createComment, deleteComment, updateComment } from "../comments/write-comments";
import { listComments } from "../comments/list-comments";
import { ctxOf } from "../organisations/org-scope";
import { listBoard } from "./list-board";
import { moveTask } from "./move-task";
import { taskActivity } from "./task-activity";

const taskParams = z.object({ taskId: z.uuid("Task id is not valid") });
const commentParams = taskParams.extend({ commentId: z.uuid("Comment id is not valid") });

/** The board, a task's comments, its activity and board moves: mounted inside taskRoutes, after its orgScope. */
export const taskTeamRoutes = new Hono<AppEnv>()
  .get("/board", async (c) => c.json(await listBoard(ctxOf(c), parseWith(boardQuery, c.req.query()))))
  .post("/:taskId/move", async (c) => {
    const { taskId } = parseWith(taskParams, c.req.param());
    return c.json({ task: await moveTask(ctxOf(c), taskId, await parseBody(c, moveTaskInput)) });
  })
  .get("/:taskId/activity", async (c) => {
    const { taskId } = parseWith(taskParams, c.req.param());
    return c.json({ activity: await taskActivity(ctxOf(c), taskId) });
  })
  .get("/:taskId/comments", async (c) => {
    const { taskId } = parseWith(taskParams, c.req.param());
    return c.json(await listComments(ctxOf(c), taskId, parseWith(commentPageQuery, c.req.query())));
  })
  .post("/:taskId/comments", async (c) => {
    const { taskId } = parseWith(taskParams, c.req.param());
    return c.json({ comment: await createComment(ctxOf(c), taskId, await parseBody(c, createCommentInput)) }, 201);
  })
  .patch("/:taskId/comments/:commentId", async (c) => {
    const { taskId, commentId } = parseWith(commentParams, c.req.param());
    return c.json({ comment: await updateComment(ctxOf(c), taskId, commentId, await parseBody(c, updateCommentInput)) });
  })
  .delete("/:taskId/comments/:commentId", async (c) => {
    const { taskId, commentId } = parseWith(commentParams, c.req.param());
    await deleteComment(ctxOf(c), taskId, commentId);
    return c.json({ ok: true });
  });
