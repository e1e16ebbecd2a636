// nginx in front of several instances: the configuration (the README's "Running on several
// machines" shows it as the example to start from) and nginx as a child process of the test, run
// from a folder of its own (pid, logs and temporary files there, `daemon off`), so it needs no root
// and leaves nothing behind.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isListening, waitFor } from '../../server/test/ports';

export interface BalancerOptions {
  /** Where nginx listens, e.g. `0.0.0.0:80` (TLS is left out here: add `listen 443 ssl` and the certificate). */
  listen: string;
  /** The instances, `host:port` each. */
  instances: string[];
  /**
   * The folder nginx runs from (pid, logs, temporary files of request bodies and answers). Unset in
   * production, where the package's own paths and `daemon on` apply.
   */
  runDir?: string;
  /** Adds `X-Upstream: <instance>` to every answer: for tests, which need to know who answered. */
  nameUpstream?: boolean;
}

/**
 * How long nginx keeps an idle connection to an instance. Shorter than the instance's own keep-alive
 * (Fastify's 72 s), so nginx, not the instance, closes idle connections and never sends a request on
 * one the instance is closing; and shorter than SHUTDOWN_GRACE_SECONDS (10 s), so a stopping
 * instance's idle connections are gone before its grace period ends.
 */
export const UPSTREAM_KEEPALIVE_SECONDS = 4;

/**
 * The configuration. The choices (ADR 37): round robin; an instance that refuses a connection or
 * fails three times (refuses a connection, answers 502/503/504) is passed over for five seconds; a request is tried on the next instance only
 * when that cannot do harm: on a connection error or timeout before the request was sent, or for an
 * idempotent method (GET, HEAD, PUT, DELETE...). nginx never retries a POST it has sent, since the
 * first instance may have acted on it. Request bodies are read whole before an instance is chosen,
 * so a slow client does not hold an instance's connection and a retry has the body to send again.
 */
export function balancerConfig(options: BalancerOptions): string {
  const dir = options.runDir;
  const runPaths = dir
    ? `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
`
    : '';
  const tempPaths = dir
    ? `  access_log ${dir}/access.log upstream;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
`
    : '';
  const servers = options.instances.map((instance) => `    server ${instance} max_fails=3 fail_timeout=5s;`).join('\n');
  return `${runPaths}worker_processes 2;
events { worker_connections 4096; }

http {
  log_format upstream '$remote_addr "$request" $status upstream=$upstream_addr upstream_status=$upstream_status time=$request_time';
${tempPaths}  # Uploads: a video up to 200 MB (server/plugins/body-limits.ts).
  client_max_body_size 210m;
  server_tokens off;

  upstream jgk {
${servers}
    # Idle connections kept to the instances (per nginx worker), so a request does not wait for a new one.
    keepalive 64;
    keepalive_timeout ${UPSTREAM_KEEPALIVE_SECONDS}s;
  }

  server {
    listen ${options.listen};

    location / {
      proxy_pass http://jgk;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      # The client's address, added after whatever the client sent: the instances believe only the
      # balancer (TRUST_PROXY=<its address>), so they read the address nginx saw.
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      # Tried on the next instance: a refused or failed connection, a timeout, and 502/503/504
      # (a stopping or overloaded instance says 503 before it does anything). POST and PATCH once sent
      # are never tried again (nginx's default without non_idempotent).
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries 3;
      proxy_next_upstream_timeout 10s;${options.nameUpstream ? '\n      add_header X-Upstream $upstream_addr always;' : ''}
    }
  }
}
`;
}

export interface Balancer {
  url: string;
  port: number;
  runDir: string;
  /** The lines of nginx's access log so far. */
  accessLog(): string[];
  /** nginx's own error log (an upstream that failed, a retry). */
  errorLog(): string;
  stop(): Promise<void>;
}

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];

/** Starts nginx on 127.0.0.1:port in front of the instances; resolves once it listens. */
export async function startBalancer(port: number, instances: string[]): Promise<Balancer> {
  const binary = NGINX.find((candidate) => fs.existsSync(candidate));
  if (!binary) throw new Error('nginx is not installed: apt-get install -y nginx');
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-nginx-'));
  // Under root nginx's workers run as `nobody`, who must reach the temporary folders.
  fs.chmodSync(runDir, 0o755);
  const config = path.join(runDir, 'nginx.conf');
  fs.writeFileSync(
    config,
    (process.getuid?.() === 0 ? 'user nobody nogroup;\n' : '') +
      balancerConfig({ listen: `127.0.0.1:${port}`, instances, runDir, nameUpstream: true }),
  );
  const child: ChildProcess = spawn(binary, ['-p', runDir, '-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr}`);
      return isListening(port);
    },
    10_000,
    'nginx to listen',
  );
  const read = (file: string) => {
    try {
      return fs.readFileSync(path.join(runDir, file), 'utf8');
    } catch {
      return '';
    }
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    runDir,
    accessLog: () => read('access.log').split('\n').filter(Boolean),
    errorLog: () => read('error.log'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGQUIT: nginx's graceful stop (workers finish their requests).
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}
