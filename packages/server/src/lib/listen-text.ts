/**
 * The first line `npm start` writes says where to open the site, in plain words. Fastify logs one
 * line per address it bound (`localhost` binds 127.0.0.1 and ::1, `0.0.0.0` every interface); the
 * first becomes that sentence, with an address a browser on this machine can open (a wildcard
 * host is not one), and the others stay technical.
 */
export function listenText(host: string): (address: string) => string {
  let said = false;
  return (address) => {
    if (said) return `Also listening at ${address}`;
    said = true;
    return `Open ${siteUrl(host, address)} in your browser (listening at ${address}).`;
  };
}

/** The URL to open for a server asked to listen on `host` that bound `address` (its port). */
export function siteUrl(host: string, address: string): string {
  const { protocol, port } = new URL(address);
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  // URL leaves out a protocol's default port (80, 443)
  return `${protocol}//${name.includes(':') ? `[${name}]` : name}${port ? `:${port}` : ''}`;
}
