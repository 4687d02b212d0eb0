/**
 * The JavaScript of the starter workflow's Code nodes (starter-workflow.ts), as n8n runs it. n8n
 * must allow it two things: reading N8N_AGENT_SECRET from its environment
 * (N8N_BLOCK_ENV_ACCESS_IN_NODE=false) and the crypto module (NODE_FUNCTION_ALLOW_BUILTIN=crypto).
 * The scheme is docs/agent-signing.md's; the test runs this text against its published vector.
 */

// Never throws: a Code node that throws makes n8n answer 200 with an empty body, which looks like
// success. A refusal goes to the "Refuse" answer (401 with the reason) instead.
// n8n's Webhook node hands over the parsed JSON body; JSON.stringify gives back exactly the text
// We Love HQ signed, because that text was itself JSON.stringify's output.
export const verifySignatureCode = `const refuse = (reason) => [{ json: { valid: false, reason } }];
try {
  const crypto = require('crypto');
  const secret = String($env.N8N_AGENT_SECRET || '');
  if (!/^[0-9a-f]{64}$/i.test(secret)) return refuse('N8N_AGENT_SECRET is not set in n8n (64 hex characters, the same as We Love HQ)');
  const request = $input.first().json;
  const headers = request.headers || {};
  const id = headers['x-wlhq-job-id'];
  const timestamp = headers['x-wlhq-timestamp'];
  const given = headers['x-wlhq-signature'];
  if (!id || !timestamp || !given || !/^\\d{1,12}$/.test(timestamp)) return refuse('the request is not signed');
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return refuse('the signature is more than 5 minutes old');
  const body = JSON.stringify(request.body);
  const expected = 'sha256=' + crypto.createHmac('sha256', Buffer.from(secret, 'hex')).update(id + '.' + timestamp + '.' + body).digest('hex');
  const a = Buffer.from(expected);
  const b = Buffer.from(String(given));
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return refuse('the signature does not match');
  if (!request.body || request.body.job_id !== id) return refuse('the job id does not match its signature');
  return [{ json: { valid: true, job: request.body } }];
} catch (error) {
  return refuse('the signature could not be checked: ' + (error && error.message ? error.message : String(error)));
}`;

/** Signs `{job_id, org_id}` for agent-claim: the app answers 200 to the first claim of a job, 409 after. */
export function signClaimCode(fallbackClaimUrl: string): string {
  return `const crypto = require('crypto');
const secret = String($env.N8N_AGENT_SECRET || '');
const job = $('Verify signature').first().json.job;
const body = JSON.stringify({ job_id: job.job_id, org_id: job.org_id });
const timestamp = Math.floor(Date.now() / 1000);
const signature = 'sha256=' + crypto.createHmac('sha256', Buffer.from(secret, 'hex')).update(job.job_id + '.' + timestamp + '.' + body).digest('hex');
return [{ json: { url: job.claim_url || ${JSON.stringify(fallbackClaimUrl)}, body, job_id: job.job_id, timestamp: String(timestamp), signature } }];`;
}

/** Where the agent's work goes; the starter echoes the message back as done. It runs once per job: after a won claim. */
export const doTheWorkCode = `const job = $('Verify signature').first().json.job;
// Replace this with the agent's work: call a model, open a ticket, update a sheet...
return [{ json: { status: 'done', result: { message: 'Done: ' + job.message } } }];`;

export function signReportCode(fallbackInboxUrl: string): string {
  return `const crypto = require('crypto');
const secret = String($env.N8N_AGENT_SECRET || '');
const job = $('Verify signature').first().json.job;
const report = $input.first().json;
const body = JSON.stringify({ job_id: job.job_id, org_id: job.org_id, status: report.status === 'failed' ? 'failed' : 'done', result: report.result || {}, error: report.error || null });
const timestamp = Math.floor(Date.now() / 1000);
const signature = 'sha256=' + crypto.createHmac('sha256', Buffer.from(secret, 'hex')).update(job.job_id + '.' + timestamp + '.' + body).digest('hex');
return [{ json: { url: job.callback_url || ${JSON.stringify(fallbackInboxUrl)}, body, job_id: job.job_id, timestamp: String(timestamp), signature } }];`;
}
