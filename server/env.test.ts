// @vitest-environment node
/** The environment's workflow switches: REQUIRE_APPROVAL and the approver's demo password. */
import { describe, expect, it } from 'vitest';
import { EnvError, readEnv } from './env';

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
    expect(readEnv({ DEMO_EDITOR_PASSWORD: 'e', DEMO_APPROVER_PASSWORD: 'a' }).demoPasswords).toEqual({ editor: 'e', approver: 'a' });
  });
});
