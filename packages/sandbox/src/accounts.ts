/**
 * Sandbox accounts and the tokens issued to them. The refresh tokens are fixed (43 characters,
 * the length of pixiv's) so that documentation and tests can name them; access tokens and
 * authorization codes look random but are drawn from the seed (the n-th grant of a sandbox is
 * the same in every sandbox with that seed, so token answers are reproducible too) and expire
 * like pixiv's (3600 s). Nothing here is secret: the refresh tokens are in the README.
 */
import { createHash } from 'node:crypto';
import type { Rng } from './rng.ts';

export interface DemoAccount {
  userId: number;
  account: string;
  name: string;
  password: string;
  mailAddress: string;
  refreshToken: string;
  /** The account's viewing setting: 0 all ages only, 1 R-18, 2 R-18 and R-18G. */
  xRestrict: 0 | 1 | 2;
  isPremium: boolean;
  /** www.pixiv.net session cookie (`PHPSESSID`), pixiv's format `<userId>_<32 alphanumerics>`. */
  phpsessid: string;
  /** The CSRF token www pages embed for this session (32 hex, like pixiv's). */
  csrfToken: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    userId: 11_000_001,
    account: 'sandbox_demo',
    name: 'サンドボックス',
    password: 'demo-password',
    mailAddress: 'demo@sandbox.invalid',
    refreshToken: 'sbxDemoRefreshToken000000000000000000000001',
    xRestrict: 2,
    isPremium: true,
    phpsessid: '11000001_sbxDemoSession000000000000000001',
    csrfToken: '5a6e64626f7844656d6f437372663030',
  },
  {
    userId: 11_000_002,
    account: 'sandbox_safe',
    name: '全年齢さん',
    password: 'safe-password',
    mailAddress: 'safe@sandbox.invalid',
    refreshToken: 'sbxSafeRefreshToken000000000000000000000002',
    xRestrict: 0,
    isPremium: false,
    phpsessid: '11000002_sbxSafeSession000000000000000002',
    csrfToken: '5a6e64626f7853616665437372663032',
  },
  {
    userId: 11_000_003,
    account: 'sandbox_r18',
    name: 'R18さん',
    password: 'r18-password',
    mailAddress: 'r18@sandbox.invalid',
    refreshToken: 'sbxR18RefreshToken0000000000000000000000003',
    xRestrict: 1,
    isPremium: false,
    phpsessid: '11000003_sbxR18Session0000000000000000003',
    csrfToken: '5a6e64626f7852313843737266303033',
  },
];

/** Access-token lifetime pixiv reports in `expires_in`. */
export const ACCESS_TOKEN_SECONDS = 3600;

export class TokenStore {
  private readonly access = new Map<string, { account: DemoAccount; expires: number }>();

  constructor(
    private readonly clock: () => number,
    /** The next generator of a named per-call sequence (SandboxState.nextRng). */
    private readonly draw: (name: string) => Rng,
  ) {}

  /** `length` base64url characters of the named sequence's next draw. */
  private token(name: string, length: number): string {
    const rng = this.draw(name);
    const bytes = Buffer.alloc(Math.ceil((length * 3) / 4));
    for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(0, 255);
    return bytes.toString('base64url').slice(0, length);
  }

  accountByRefreshToken(token: string): DemoAccount | undefined {
    return DEMO_ACCOUNTS.find((a) => a.refreshToken === token);
  }

  /** The account of a www session cookie (`PHPSESSID`); pixiv treats unknown ones as anonymous. */
  accountBySession(phpsessid: string): DemoAccount | undefined {
    return DEMO_ACCOUNTS.find((a) => a.phpsessid === phpsessid);
  }

  issue(account: DemoAccount): string {
    const token = this.token('access-token', 43);
    this.access.set(token, { account, expires: this.clock() + ACCESS_TOKEN_SECONDS * 1000 });
    return token;
  }

  /** The account of a live access token. */
  resolve(token: string): DemoAccount | undefined {
    const entry = this.access.get(token);
    if (!entry) return undefined;
    if (entry.expires <= this.clock()) {
      this.access.delete(token);
      return undefined;
    }
    return entry.account;
  }

  /** Fault injection: forget every access token, as if all had expired. */
  expireAll(): void {
    this.access.clear();
  }

  private readonly codes = new Map<
    string,
    { account: DemoAccount; challenge: string; expires: number }
  >();

  /** A one-use authorization code for a PKCE login, valid for CODE_SECONDS. */
  issueCode(account: DemoAccount, challenge: string): string {
    const code = this.token('authorization-code', 32);
    this.codes.set(code, { account, challenge, expires: this.clock() + CODE_SECONDS * 1000 });
    return code;
  }

  /**
   * Redeems a code with its PKCE verifier: the account, or why not. A code is used up by any
   * attempt, as pixiv's are.
   */
  redeemCode(code: string, verifier: string): DemoAccount | 'invalid' | 'expired' | 'mismatch' {
    const entry = this.codes.get(code);
    if (!entry) return 'invalid';
    this.codes.delete(code);
    if (entry.expires <= this.clock()) return 'expired';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    return challenge === entry.challenge ? entry.account : 'mismatch';
  }
}

/** Authorization codes expire quickly. */
export const CODE_SECONDS = 60;
