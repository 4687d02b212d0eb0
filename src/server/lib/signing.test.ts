import { describe, expect, it } from "vitest";
import { SIGNING_VECTOR as vector } from "../testing/signing-vector";
import { signature, signedHeaders, verifySignature } from "./signing";

const at = new Date(vector.timestamp * 1000);
const headersOf = (h: Record<string, string>) => ({ id: h["x-wlhq-job-id"], timestamp: h["x-wlhq-timestamp"], signature: h["x-wlhq-signature"] });

describe("n8n signing", () => {
  it("matches the published test vector", () => {
    expect(signature(vector.secret, vector.id, vector.timestamp, vector.body)).toBe(vector.signature);
    expect(headersOf(signedHeaders(vector.secret, vector.id, vector.body, at))).toEqual({ id: vector.id, timestamp: String(vector.timestamp), signature: vector.signature });
  });

  it("accepts within five minutes either way, and refuses later or earlier", () => {
    const h = { id: vector.id, timestamp: String(vector.timestamp), signature: vector.signature };
    expect(verifySignature([vector.secret], h, vector.body, new Date(at.getTime() + 300_000))).toEqual({ ok: true });
    expect(verifySignature([vector.secret], h, vector.body, new Date(at.getTime() - 300_000))).toEqual({ ok: true });
    expect(verifySignature([vector.secret], h, vector.body, new Date(at.getTime() + 301_000))).toEqual({ ok: false, reason: "stale" });
    expect(verifySignature([vector.secret], h, vector.body, new Date(at.getTime() - 301_000))).toEqual({ ok: false, reason: "stale" });
  });

  it("refuses a changed body, id or timestamp, a missing header, and another secret; accepts the previous secret", () => {
    const h = { id: vector.id, timestamp: String(vector.timestamp), signature: vector.signature };
    const other = "ff".repeat(32);
    expect(verifySignature([vector.secret], h, vector.body.replace("ping", "pong"), at)).toEqual({ ok: false, reason: "mismatch" });
    expect(verifySignature([vector.secret], { ...h, id: "another" }, vector.body, at)).toEqual({ ok: false, reason: "mismatch" });
    expect(verifySignature([vector.secret], { ...h, timestamp: String(vector.timestamp + 1) }, vector.body, at)).toEqual({ ok: false, reason: "mismatch" });
    expect(verifySignature([vector.secret], { ...h, signature: undefined }, vector.body, at)).toEqual({ ok: false, reason: "missing" });
    expect(verifySignature([vector.secret], { ...h, timestamp: "soon" }, vector.body, at)).toEqual({ ok: false, reason: "missing" });
    expect(verifySignature([other], h, vector.body, at)).toEqual({ ok: false, reason: "mismatch" });
    expect(verifySignature([other, vector.secret], h, vector.body, at)).toEqual({ ok: true });
  });
});
