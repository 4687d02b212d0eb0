/**
 * The commands the operator guides show, true for this repository: its npm scripts, its
 * environment variables (src/server/env.ts, README) and its health URLs. Text around them is in
 * i18n (opsGuides): a command's label is `commands.<id>`, a step's `steps.<id>.title` and `.body`.
 * `{appUrl}` stands for the address the page is served from.
 */
export type GuideCommand = { id: string; command: string };
export type GuideStep = { id: string; commands: GuideCommand[] };
export type HostingTab = { id: "vps" | "docker" | "managed"; steps: GuideStep[] };

const envFile = `NODE_ENV=production
HOST=127.0.0.1
PORT=3000
APP_URL=https://hq.example.eu
TRUST_PROXY=1
DATABASE_URL=postgres://welovehq:<db-password>@127.0.0.1:5432/welovehq
SECRET_KEY=<openssl rand -hex 32>
SMTP_URL=smtps://<user>:<password>@<smtp-host>:465
MAIL_FROM=We Love HQ <no-reply@example.eu>
N8N_BASE=https://n8n.example.eu
N8N_AGENT_SECRET=<openssl rand -hex 32>`;

const systemdUnit = `sudo tee /etc/systemd/system/welovehq.service >/dev/null <<'EOF'
[Unit]
Description=We Love HQ
After=network-online.target postgresql.service

[Service]
User=welovehq
WorkingDirectory=/opt/welovehq/app
EnvironmentFile=/etc/welovehq.env
ExecStart=/usr/bin/node --max-semi-space-size=2 dist/server/index.mjs
Restart=on-failure
# SIGTERM: streams end, requests get 4 s, the process exits 0 within 10 s.
KillSignal=SIGTERM
TimeoutStopSec=15

[Install]
WantedBy=multi-user.target
EOF`;

const nginxSite = `sudo tee /etc/nginx/sites-available/welovehq >/dev/null <<'EOF'
server {
  listen 443 ssl;
  http2 on;
  server_name hq.example.eu;
  ssl_certificate /etc/letsencrypt/live/hq.example.eu/fullchain.pem;
  ssl_certificate_key /etc/letsencrypt/live/hq.example.eu/privkey.pem;
  location / {
    proxy_pass http://127.0.0.1:3000;
    proxy_http_version 1.1;
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_read_timeout 1h;
  }
}
EOF
sudo ln -s /etc/nginx/sites-available/welovehq /etc/nginx/sites-enabled/ && sudo nginx -t && sudo systemctl reload nginx`;

const dockerfile = `cat > Dockerfile <<'EOF'
FROM node:22-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server
ARG RELEASE_COMMIT
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 RELEASE_COMMIT=$RELEASE_COMMIT
EXPOSE 3000
CMD ["node", "--max-semi-space-size=2", "dist/server/index.mjs"]
EOF
printf 'node_modules\\ndist\\ndata\\n.git\\n' > .dockerignore`;

export const hostingTabs: HostingTab[] = [
  {
    id: "vps",
    steps: [
      { id: "vpsPackages", commands: [{ id: "installPackages", command: "curl -fsSL https://deb.nodesource.com/setup_22.x | sudo -E bash - && sudo apt-get install -y nodejs postgresql nginx certbot python3-certbot-nginx" }] },
      { id: "vpsDatabase", commands: [{ id: "createDatabase", command: "sudo -u postgres createuser --pwprompt welovehq && sudo -u postgres createdb --owner welovehq welovehq" }] },
      {
        id: "vpsCode",
        commands: [
          { id: "createUser", command: "sudo useradd --system --create-home --home-dir /opt/welovehq welovehq" },
          { id: "cloneAndBuild", command: "sudo -H -u welovehq git clone <your-repository-url> /opt/welovehq/app && cd /opt/welovehq/app && sudo -H -u welovehq npm ci && sudo -H -u welovehq npm run build && sudo -H -u welovehq npm run build:server" },
        ],
      },
      { id: "vpsEnv", commands: [{ id: "envFile", command: `sudo install -m 600 /dev/null /etc/welovehq.env && sudo tee /etc/welovehq.env >/dev/null <<'EOF'\n${envFile}\nEOF` }] },
      { id: "vpsService", commands: [{ id: "systemdUnit", command: systemdUnit }, { id: "startService", command: "sudo systemctl daemon-reload && sudo systemctl enable --now welovehq && journalctl -u welovehq -f" }] },
      { id: "vpsProxy", commands: [{ id: "certificate", command: "sudo certbot certonly --nginx -d hq.example.eu" }, { id: "nginxSite", command: nginxSite }] },
    ],
  },
  {
    id: "docker",
    steps: [
      { id: "dockerImage", commands: [{ id: "dockerfile", command: dockerfile }, { id: "dockerBuild", command: "docker build --build-arg RELEASE_COMMIT=$(git rev-parse HEAD) -t welovehq ." }] },
      {
        id: "dockerDatabase",
        commands: [
          { id: "dockerNetwork", command: "docker network create welovehq" },
          { id: "dockerPostgres", command: "docker run -d --name welovehq-db --network welovehq --restart unless-stopped -e POSTGRES_USER=welovehq -e POSTGRES_PASSWORD=<db-password> -e POSTGRES_DB=welovehq -v welovehq-db:/var/lib/postgresql/data postgres:16" },
        ],
      },
      { id: "dockerRun", commands: [{ id: "dockerEnv", command: `cat > welovehq.env <<'EOF'\n${envFile.replace("HOST=127.0.0.1\n", "").replace("@127.0.0.1:5432", "@welovehq-db:5432")}\nEOF\nchmod 600 welovehq.env` }, { id: "dockerStart", command: "docker run -d --name welovehq --network welovehq --restart unless-stopped --env-file welovehq.env -p 127.0.0.1:3000:3000 welovehq && docker logs -f welovehq" }] },
      { id: "dockerProxy", commands: [{ id: "certificate", command: "sudo certbot certonly --nginx -d hq.example.eu" }, { id: "nginxSite", command: nginxSite }] },
    ],
  },
  {
    id: "managed",
    steps: [
      { id: "managedDatabase", commands: [{ id: "managedDatabaseUrl", command: "DATABASE_URL=postgres://<user>:<password>@<host>:5432/<database>?sslmode=require" }] },
      { id: "managedBuild", commands: [{ id: "buildCommand", command: "npm ci && npm run build && npm run build:server" }, { id: "startCommand", command: "node --max-semi-space-size=2 dist/server/index.mjs" }] },
      { id: "managedEnv", commands: [{ id: "managedEnvVars", command: "NODE_ENV=production\nAPP_URL=https://hq.example.eu\nTRUST_PROXY=1\nSECRET_KEY=<openssl rand -hex 32>\nSMTP_URL=smtps://<user>:<password>@<smtp-host>:465\nN8N_BASE=https://n8n.example.eu\nN8N_AGENT_SECRET=<openssl rand -hex 32>\nRELEASE_COMMIT=<the platform's commit variable>" }] },
      { id: "managedHealth", commands: [{ id: "healthPath", command: "/functions/v1/health" }] },
    ],
  },
];

export const domainSteps: GuideStep[] = [
  { id: "dnsRecord", commands: [{ id: "dnsCheck", command: "dig +short hq.example.eu" }] },
  { id: "appUrl", commands: [{ id: "setAppUrl", command: "APP_URL=https://hq.example.eu" }] },
  { id: "httpsCheck", commands: [{ id: "hstsCheck", command: "curl -sI https://hq.example.eu/ | grep -i strict-transport-security" }] },
];

export const secretSteps: GuideStep[] = [
  { id: "secretKey", commands: [{ id: "generateSecretKey", command: "openssl rand -hex 32" }] },
  { id: "n8nSecrets", commands: [{ id: "n8nBase", command: "N8N_BASE=https://n8n.example.eu" }, { id: "generateAgentSecret", command: "openssl rand -hex 32" }] },
  { id: "functions", commands: [{ id: "starterWorkflow", command: "curl -fsS -o we-love-hq-agent-workflow.json '{appUrl}/functions/v1/starter-workflow'" }] },
  { id: "rotateKey", commands: [{ id: "rotateSecretKey", command: "SECRET_KEY=<current> NEW_SECRET_KEY=$(openssl rand -hex 32) DATABASE_URL=<database-url> npm run secrets:rotate" }] },
];

export const postDeployChecks: GuideStep[] = [
  { id: "healthEndpoint", commands: [{ id: "curlHealth", command: "curl -fsS {appUrl}/functions/v1/health" }, { id: "curlAgentReady", command: "curl -fsS {appUrl}/functions/v1/agent-ready" }, { id: "curlReleaseInfo", command: "curl -fsS {appUrl}/functions/v1/release-info" }] },
  { id: "statusPage", commands: [{ id: "openStatus", command: "{appUrl}/status" }] },
  { id: "agentsPage", commands: [{ id: "openAgents", command: "{appUrl}/app/agents" }] },
  { id: "createProject", commands: [{ id: "openPlanes", command: "{appUrl}/app/planes" }] },
  { id: "sendToAgent", commands: [{ id: "openDashboard", command: "{appUrl}/app/dashboard" }] },
];

/** The wizard's five steps, in order; each names the environment checks that belong to it. */
export const wizardSteps = [
  { id: "environment", checks: ["node_env", "app_url", "proxy", "release"], commands: [{ id: "envFile", command: `sudo install -m 600 /dev/null /etc/welovehq.env && sudo tee /etc/welovehq.env >/dev/null <<'EOF'\n${envFile}\nEOF` }] },
  { id: "database", checks: ["database"], commands: [{ id: "createDatabase", command: "sudo -u postgres createuser --pwprompt welovehq && sudo -u postgres createdb --owner welovehq welovehq" }, { id: "databaseUrl", command: "DATABASE_URL=postgres://welovehq:<db-password>@127.0.0.1:5432/welovehq" }] },
  { id: "secrets", checks: ["secret_key", "mail", "n8n_base", "n8n_secret", "ai_providers", "github"], commands: [{ id: "generateSecretKey", command: "openssl rand -hex 32" }, { id: "generateAgentSecret", command: "openssl rand -hex 32" }] },
  { id: "firstStart", checks: ["migrations", "live_updates"], commands: [{ id: "installAndBuild", command: "npm ci && npm run build && npm run build:server" }, { id: "firstStart", command: "node --max-semi-space-size=2 dist/server/index.mjs" }] },
  { id: "healthCheck", checks: [], commands: [{ id: "curlHealth", command: "curl -fsS {appUrl}/functions/v1/health" }] },
] as const;

/** A command as the operator will paste it: `{appUrl}` is where this page is served from. */
export const commandFor = (command: string, appUrl: string) => command.replaceAll("{appUrl}", appUrl.replace(/\/+$/, ""));

/** Every command on every guide, for the completeness test. */
export const allSteps = (): { where: string; step: { id: string; commands: readonly GuideCommand[] } }[] => [
  ...hostingTabs.flatMap((tab) => tab.steps.map((step) => ({ where: `hosting.${tab.id}`, step }))),
  ...[domainSteps, secretSteps, postDeployChecks].flatMap((steps, i) => steps.map((step) => ({ where: ["domain", "secrets", "postDeploy"][i]!, step }))),
  ...wizardSteps.map((step) => ({ where: "wizard", step })),
];

/** The secrets a deploy sets (README's configuration table); the page says what each is for. */
export const requiredSecrets = [
  { name: "DATABASE_URL", required: true },
  { name: "SECRET_KEY", required: true },
  { name: "APP_URL", required: true },
  { name: "SMTP_URL", required: true },
  { name: "N8N_BASE", required: true },
  { name: "N8N_AGENT_SECRET", required: true },
  { name: "OPENAI_API_KEY", required: false },
  { name: "GITHUB_TOKEN", required: false },
] as const;
