import { describe, expect, it } from 'vitest';
import { sessionLoginErrorKey } from './web-session.ts';

describe('session login errors (spec 001 §5.1, §8: the response message or the error)', () => {
  it("maps the spec's three messages to their keys", () => {
    expect(sessionLoginErrorKey({ message: 'Session ID 格式不正确' })).toBe('login.session_format');
    expect(sessionLoginErrorKey({ message: 'invalid session ID' })).toBe('login.session_invalid');
    expect(sessionLoginErrorKey({ message: 'access token format error' })).toBe(
      'login.session_token',
    );
  });

  it("falls back to the server's error key, then to the generic error", () => {
    expect(sessionLoginErrorKey({ error: 'login.session_invalid' })).toBe('login.session_invalid');
    expect(sessionLoginErrorKey({ error: 'tip.unknown_err' })).toBe('tip.unknown_err');
    expect(sessionLoginErrorKey({ error: 'something.else', message: 'boom' })).toBe(
      'tip.unknown_err',
    );
    expect(sessionLoginErrorKey(undefined)).toBe('tip.unknown_err');
    expect(sessionLoginErrorKey('<html>')).toBe('tip.unknown_err');
  });
});
