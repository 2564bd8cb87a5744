/**
 * Several instances (issue 22): two app instances (`src/main.ts`, different ports) on one PostgreSQL database, with
 * nginx (Debian's package) in front as a round-robin load balancer, no sticky sessions. Beside them, in this process:
 * a mail server that counts what the instances' outbox workers deliver (SMTP), and the Razorpay stand-in the
 * instances' Razorpay SDK talks to (its webhooks are delivered by the checks).
 *
 *   scripts/multi-instance.sh      starts it all and waits (Ctrl-C stops it)
 *   npm run test:multi             starts it, runs the checks (./checks.ts), prints the results, stops
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { type RazorpayStandin, startRazorpayStandin } from '../razorpay-standin.ts';
import { newStore, type RunningServer, type Store, startServer } from '../crash/server.ts';

export interface Ports {
  a: number;
  b: number;
  smtp: number;
  razorpay: number;
  nginx: number;
}

export const DEFAULT_PORTS: Ports = { a: 3983, b: 3984, smtp: 3985, razorpay: 3986, nginx: 3989 };

/** MULTI_PORTS=a,b,smtp,razorpay,nginx, or the defaults. */
export function portsFromEnv(env = process.env): Ports {
  if (!env.MULTI_PORTS) return DEFAULT_PORTS;
  const [a, b, smtp, razorpay, nginx] = env.MULTI_PORTS.split(',').map(Number);
  if (![a, b, smtp, razorpay, nginx].every((p) => Number.isInteger(p) && p! > 0)) {
    throw new Error('MULTI_PORTS is five ports: a,b,smtp,razorpay,nginx');
  }
  return { a: a!, b: b!, smtp: smtp!, razorpay: razorpay!, nginx: nginx! };
}

/** Login throttling of the instances: low, so the check reaches it in a few attempts. */
export const LOGIN_LIMIT = 6;

export interface Mailbox {
  /** Every message received: its envelope recipients and size. */
  messages: { to: string[]; bytes: number }[];
  close(): Promise<void>;
}

/** An SMTP server that accepts every message (no TLS, no auth) and keeps its recipients. */
export async function startMailbox(port: number): Promise<Mailbox> {
  const messages: Mailbox['messages'] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      let bytes = 0;
      stream.on('data', (d: Buffer) => {
        bytes += d.length;
      });
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), bytes });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The nginx configuration: round robin over the instances, no stickiness; live streams unbuffered. */
export function nginxConfig(o: { dir: string; listen: number; upstreams: number[]; root: boolean }): string {
  const t = (name: string) => path.join(o.dir, 'tmp', name);
  return `# Pawdesk behind nginx: two instances, round robin, no sticky sessions (docs/operations.md, "Several instances").
${o.root ? 'user root;\n' : ''}worker_processes 1;
pid ${path.join(o.dir, 'nginx.pid')};
error_log ${path.join(o.dir, 'error.log')} warn;
events { worker_connections 512; }
http {
  log_format upstream '$remote_addr "$request" $status upstream=$upstream_addr';
  access_log ${path.join(o.dir, 'access.log')} upstream;
  client_body_temp_path ${t('body')};
  proxy_temp_path ${t('proxy')};
  fastcgi_temp_path ${t('fastcgi')};
  uwsgi_temp_path ${t('uwsgi')};
  scgi_temp_path ${t('scgi')};

  upstream pawdesk {
    # Round robin (nginx's default): no ip_hash, no sticky cookie. Every request may reach either instance.
${o.upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 32;
  }

  server {
    listen 127.0.0.1:${o.listen};
    client_max_body_size 600m;

    location / {
      proxy_pass http://pawdesk;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      # The app reads the client's address from this header with TRUST_PROXY=true (login and sign-up limits).
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Which instance answered (for the check; harmless in production).
      add_header X-Upstream $upstream_addr always;
    }

    # Server-sent events: no buffering, a read timeout above the 25 s heartbeat, no gzip.
    location ~ ^/api/v1/(staff/notifications/stream|admin/import/events)$ {
      proxy_pass http://pawdesk;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_read_timeout 120s;
      gzip off;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export interface Nginx {
  child: ChildProcess;
  url: string;
  dir: string;
  config: string;
  output(): string;
  stop(): Promise<void>;
}

/** nginx (`/usr/sbin/nginx` unless NGINX_BIN) with its own prefix and configuration in a temporary directory. */
export async function startNginx(listen: number, upstreams: number[]): Promise<Nginx> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pawdesk-nginx-'));
  await mkdir(path.join(dir, 'tmp'), { recursive: true });
  const config = nginxConfig({ dir, listen, upstreams, root: process.getuid?.() === 0 });
  const file = path.join(dir, 'nginx.conf');
  await writeFile(file, config);
  let out = '';
  const child = spawn(process.env.NGINX_BIN ?? '/usr/sbin/nginx', ['-p', dir, '-c', file, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => {
    out += String(d);
  });
  child.stderr!.on('data', (d) => {
    out += String(d);
  });
  const url = `http://127.0.0.1:${listen}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not yet
    }
    if (child.exitCode !== null || i > 100) throw new Error(`nginx did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    url,
    dir,
    config,
    output: () => out,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface Setup {
  store: Store;
  a: RunningServer;
  b: RunningServer;
  nginx: Nginx;
  mailbox: Mailbox;
  razorpay: RazorpayStandin;
  ports: Ports;
  stop(keep?: boolean): Promise<void>;
}

/**
 * A new empty PostgreSQL database, the mail server and the Razorpay stand-in, both instances started at once on it
 * (they migrate it and add the demo data one after the other: db/client.ts `exclusively`), then nginx in front.
 */
export async function startSetup(ports: Ports = DEFAULT_PORTS, log: (l: string) => void = () => {}): Promise<Setup> {
  const store = await newStore('pg', 'multi', {});
  const cleanup: (() => Promise<unknown>)[] = [() => store.dispose()];
  try {
    log(`new empty database: ${store.where} (both instances migrate it at once)`);
    const mailbox = await startMailbox(ports.smtp);
    cleanup.unshift(() => mailbox.close());
    const razorpay = await startRazorpayStandin(undefined, ports.razorpay);
    cleanup.unshift(() => razorpay.close());
    const env = {
      TRUST_PROXY: 'true',
      LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
      SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
      PUBLIC_URL: `http://127.0.0.1:${ports.nginx}`,
      RAZORPAY_KEY_ID: razorpay.keys.keyId,
      RAZORPAY_KEY_SECRET: razorpay.keys.keySecret,
      RAZORPAY_WEBHOOK_SECRET: razorpay.keys.webhookSecret,
      RAZORPAY_API_BASE: razorpay.url,
    };
    const [a, b] = await Promise.all([
      startServer({ port: ports.a, store, env, name: 'instance A' }),
      startServer({ port: ports.b, store, env, name: 'instance B' }),
    ]);
    cleanup.unshift(() => Promise.all([a.stop(), b.stop()]));
    log(`instances up: A ${a.url}, B ${b.url}`);
    const nginx = await startNginx(ports.nginx, [ports.a, ports.b]);
    cleanup.unshift(() => nginx.stop());
    log(`nginx up: ${nginx.url} (round robin over A and B)`);
    return {
      store,
      a,
      b,
      nginx,
      mailbox,
      razorpay,
      ports,
      async stop(keep) {
        await nginx.stop();
        await Promise.all([a.stop(), b.stop()]);
        await razorpay.close();
        await mailbox.close();
        await store.dispose(keep);
      },
    };
  } catch (err) {
    for (const c of cleanup) await c().catch(() => {});
    throw err;
  }
}
