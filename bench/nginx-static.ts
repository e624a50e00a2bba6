/**
 * nginx (one worker, in the foreground) serving the files of `www` on a loopback port: the
 * static contender of the server bench and the load bench's floor. Writes `nginx.conf` into
 * `dir` (its pid, log and temporary paths too) and returns its path for `nginx -c … -p dir`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function writeStaticNginxConf(options: {
  dir: string;
  www: string;
  port: number;
  workerConnections: number;
  /** `http` block directives for the content types (`default_type …;` or `types { … }`). */
  types: string;
  /** Further directives inside the `server` block. */
  server?: string;
}): string {
  const { dir, www, port } = options;
  const file = join(dir, 'nginx.conf');
  writeFileSync(
    file,
    [
      'worker_processes 1;',
      'daemon off;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'nginx-error.log')} warn;`,
      `events { worker_connections ${options.workerConnections}; }`,
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}/cb; proxy_temp_path ${dir}/px; fastcgi_temp_path ${dir}/fc;`,
      `  uwsgi_temp_path ${dir}/uw; scgi_temp_path ${dir}/sc;`,
      `  ${options.types}`,
      '  sendfile on; keepalive_requests 1000000;',
      `  server { listen 127.0.0.1:${port}; root ${www};${options.server ? ` ${options.server}` : ''} }`,
      '}',
    ].join('\n'),
  );
  return file;
}
