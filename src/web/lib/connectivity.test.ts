import { describe, expect, it } from "vitest";
import { createConnectivity } from "./connectivity";

function watched() {
  const store = createConnectivity();
  let changes = 0;
  let recoveries = 0;
  store.subscribe(() => void (changes += 1));
  store.onRecovered(() => void (recoveries += 1));
  return { store, changes: () => changes, recoveries: () => recoveries };
}

describe("connectivity", () => {
  it("one failure makes the server suspect, the second in a row down, the next answer ok again", () => {
    const { store, recoveries } = watched();
    store.failed(1);
    expect(store.getState().status).toBe("suspect");
    store.failed(2);
    expect(store.getState().status).toBe("down");
    store.failed(3);
    store.succeeded(4);
    expect(store.getState().status).toBe("ok");
    expect(recoveries()).toBe(1);
  });

  it("a lone failure that the next answer contradicts is no outage: no recovery to announce", () => {
    const { store, recoveries } = watched();
    store.failed(1);
    store.succeeded(2);
    store.failed(3);
    expect(store.getState().status).toBe("suspect");
    expect(recoveries()).toBe(0);
  });

  it("tells its listeners only when something changed", () => {
    const { store, changes } = watched();
    store.succeeded(1);
    store.succeeded(2);
    expect(changes()).toBe(0);
    store.failed(3);
    store.failed(4);
    store.failed(5);
    expect(changes()).toBe(2);
  });

  it("a request begun before the outage cannot end it, nor a retry begun before the recovery restart it", () => {
    const { store } = watched();
    store.failed(10);
    store.failed(11);
    store.succeeded(5); // started before the failures, answered after them
    expect(store.getState().status).toBe("down");
    store.succeeded(20);
    store.failed(15); // a retry sent during the outage, failing after the recovery
    store.failed(16);
    expect(store.getState().status).toBe("ok");
    store.failed(21);
    expect(store.getState().status).toBe("suspect");
  });

  it("asks the server's health after 1 s when suspect, then every 2, 4, 5 s while down, or as Retry-After says", () => {
    const { store } = watched();
    store.failed(1);
    expect(store.nextProbeInMs()).toBe(1000);
    store.failed(2);
    expect(store.nextProbeInMs()).toBe(2000);
    store.failed(3);
    expect(store.nextProbeInMs()).toBe(4000);
    store.failed(4);
    store.failed(5);
    expect(store.nextProbeInMs()).toBe(5000);
    store.succeeded(6);
    store.failed(7, { retryAfterMs: 3000 });
    expect(store.nextProbeInMs()).toBe(3000);
  });

  it("keeps the browser's offline flag beside the server's status", () => {
    const { store } = watched();
    store.setOffline(true);
    expect(store.getState()).toEqual({ status: "ok", isOffline: true });
    store.failed(1);
    store.setOffline(false);
    expect(store.getState()).toEqual({ status: "suspect", isOffline: false });
  });
});
