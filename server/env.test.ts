/** The environment's workflow switches: REQUIRE_APPROVAL and the approver's demo password. */
import { describe, expect, it } from 'vitest';
import { defaultRenderThreads, EnvError, maskDatabaseUrl, readEnv } from './env';

describe('REQUIRE_APPROVAL', () => {
  it('is on unless set to 0', () => {
    expect(readEnv({}).requireApproval).toBe(true);
    expect(readEnv({ REQUIRE_APPROVAL: '' }).requireApproval).toBe(true);
    expect(readEnv({ REQUIRE_APPROVAL: '1' }).requireApproval).toBe(true);
    expect(readEnv({ REQUIRE_APPROVAL: '0' }).requireApproval).toBe(false);
  });

  it.each(['false', 'no', 'off', '2'])('refuses %s, naming the valid values, rather than guess', (value) => {
    expect(() => readEnv({ REQUIRE_APPROVAL: value })).toThrow(EnvError);
    expect(() => readEnv({ REQUIRE_APPROVAL: value })).toThrow(`REQUIRE_APPROVAL=${value} must be 1 or 0`);
  });
});

describe('demo passwords', () => {
  it('are read per demo user, the approver’s from DEMO_APPROVER_PASSWORD', () => {
    expect(readEnv({ DEMO_EDITOR_PASSWORD: 'e', DEMO_APPROVER_PASSWORD: 'a' }).demoPasswords).toEqual({
      editor: 'e',
      approver: 'a',
    });
  });
});

describe('DATABASE_URL', () => {
  it('is unset by default: the file store', () => {
    expect(readEnv({}).databaseUrl).toBeUndefined();
    expect(readEnv({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each(['postgres://u:p@db/portal', 'postgresql://u@db:5433/portal?sslmode=require'])('takes %s as given', (url) => {
    expect(readEnv({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it.each([
    ['mysql://u:secret@db/portal', 'must start with postgres:// or postgresql://'],
    ['db.internal/portal', 'is not a URL'],
  ])('refuses %s, never printing its password', (url, problem) => {
    expect(() => readEnv({ DATABASE_URL: url })).toThrow(EnvError);
    expect(() => readEnv({ DATABASE_URL: url })).toThrow(problem);
    try {
      readEnv({ DATABASE_URL: url });
    } catch (error) {
      expect((error as Error).message).not.toContain('secret');
    }
  });
});

describe('maskDatabaseUrl', () => {
  it('drops the password, in the authority and in the query', () => {
    expect(maskDatabaseUrl('postgresql://portal:s3cret@db.internal/portal_shell')).toBe(
      'postgresql://portal@db.internal/portal_shell',
    );
    expect(maskDatabaseUrl('postgres://portal@db.internal:5433/p?password=s3cret&sslmode=require')).toBe(
      'postgres://portal@db.internal:5433/p?password=***&sslmode=require',
    );
    expect(maskDatabaseUrl('postgresql://portal@db/p')).toBe('postgresql://portal@db/p');
  });
});

describe('TRUST_PROXY', () => {
  it('is unset by default: no proxy is believed', () => {
    expect(readEnv({}).trustProxy).toBeUndefined();
  });

  it('takes a hop count or proxy addresses and CIDR ranges', () => {
    expect(readEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
  });

  it.each([
    ['0', 'from 1 to 10 hops'],
    ['true', '"true" is neither an IP address nor a CIDR range'],
    ['10.0.0.0/33', '"10.0.0.0/33" is neither'],
    ['10.0.0.1,proxy.internal', '"proxy.internal" is neither'],
  ])('refuses %s, saying what it takes', (value, problem) => {
    expect(() => readEnv({ TRUST_PROXY: value })).toThrow(EnvError);
    expect(() => readEnv({ TRUST_PROXY: value })).toThrow(problem);
  });
});

describe('PUBLIC_ORIGIN', () => {
  it('is unset by default, and taken as an origin when set', () => {
    expect(readEnv({}).publicOrigin).toBeUndefined();
    expect(readEnv({ PUBLIC_ORIGIN: 'https://WWW.Depona.example/' }).publicOrigin).toBe('https://www.depona.example');
  });

  it.each([
    ['javascript://evil.example', 'must start with http:// or https://'],
    ['https://www.depona.example/de-de/', 'must be only a scheme and a host (and a port), with no path, query or user'],
  ])('refuses %s in one line naming the variable, the value and a valid example', (value, problem) => {
    expect(() => readEnv({ PUBLIC_ORIGIN: value })).toThrow(EnvError);
    expect(() => readEnv({ PUBLIC_ORIGIN: value })).toThrow(
      `PUBLIC_ORIGIN=${value} ${problem}, such as https://www.depona.example (`,
    );
    expect(() => readEnv({ PUBLIC_ORIGIN: value })).not.toThrow(/\n/);
  });
});

describe('PAGE_CACHE_MB and RENDER_THREADS', () => {
  it('default to 64 MB of pages and one thread less than the cores, from 1 to 4', () => {
    expect(readEnv({}).pageCacheBytes).toBe(64 * 1024 * 1024);
    expect([1, 2, 3, 8, 64].map((cores) => defaultRenderThreads(cores))).toEqual([1, 1, 2, 4, 4]);
    expect(readEnv({}).renderThreads).toBe(defaultRenderThreads());
  });

  it('take 0 (keep no page; render in the main thread) and whole numbers in range', () => {
    expect(readEnv({ PAGE_CACHE_MB: '0', RENDER_THREADS: '0' })).toMatchObject({ pageCacheBytes: 0, renderThreads: 0 });
    expect(readEnv({ PAGE_CACHE_MB: '256', RENDER_THREADS: '8' })).toMatchObject({
      pageCacheBytes: 256 * 1024 * 1024,
      renderThreads: 8,
    });
  });

  it.each([
    ['PAGE_CACHE_MB', '-1', 'PAGE_CACHE_MB=-1 must be a whole number from 0 to 4096'],
    ['PAGE_CACHE_MB', '1.5', 'PAGE_CACHE_MB=1.5 must be a whole number from 0 to 4096'],
    ['PAGE_CACHE_MB', '5000', 'PAGE_CACHE_MB=5000 must be a whole number from 0 to 4096'],
    ['RENDER_THREADS', 'auto', 'RENDER_THREADS=auto must be a whole number from 0 to 64'],
    ['RENDER_THREADS', '65', 'RENDER_THREADS=65 must be a whole number from 0 to 64'],
  ])('refuses %s=%s, naming the range', (name, value, message) => {
    expect(() => readEnv({ [name]: value })).toThrow(EnvError);
    expect(() => readEnv({ [name]: value })).toThrow(message);
  });
});
