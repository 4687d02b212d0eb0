import { describe, expect, it, vi } from "vitest";
import { loadSonner, onSonnerWanted, sonnerWanted } from "./toast";

describe("onSonnerWanted", () => {
  it("tells the toaster of the first ask for sonner, after the current task, once", async () => {
    const heard = vi.fn();
    const stop = onSonnerWanted(heard);
    expect(sonnerWanted()).toBe(false);
    const first = loadSonner();
    expect(sonnerWanted()).toBe(true);
    // Not inside the call: the toaster's own lazy import asks during a render.
    expect(heard).not.toHaveBeenCalled();
    await first;
    expect(heard).toHaveBeenCalledTimes(1);
    await loadSonner();
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });
});
