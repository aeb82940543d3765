// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { callJson } from '../__fixtures__/calls';
import { useMockServer } from '../node';
import { setMockScenario, DEFAULT_MOCK_SCENARIO } from '../scenario';

useMockServer();

describe('GET /distributors/{distributorId}/cobranding', () => {
  it('partner-co-brand: its logo and alt text', async () => {
    expect(await callJson('cobranding')).toEqual({
      status: 200,
      body: {
        distributor_id: 'partner-co-brand',
        distributor_logo: { url: '/assets/partners/alvora.svg', alt: 'Alvora' },
      },
    });
  });

  it("answers with a partner of the scenario's market: a US or UK visitor never meets the European partner", async () => {
    const partnerIn = async (locale: string) => {
      setMockScenario({ ...DEFAULT_MOCK_SCENARIO, locale });
      return ((await callJson('cobranding')).body as { distributor_logo: { alt: string } }).distributor_logo.alt;
    };
    expect([await partnerIn('en-US'), await partnerIn('en-GB'), await partnerIn('fr-FR')]).toEqual([
      'Pinecrest Financial',
      'Oakfield Money',
      'Alvora',
    ]);
  });

  it('answers the same for every persona (partner visitors have no token)', async () => {
    setMockScenario({ ...DEFAULT_MOCK_SCENARIO, persona: 'partner-visitor' });
    expect((await callJson('cobranding')).status).toBe(200);
  });

  it.each(['default', 'someone-else', 'toString'])('%s: 404', async (distributorId) => {
    expect(await callJson('cobranding', { params: { distributorId } })).toEqual({
      status: 404,
      body: { error: `No co-branding for distributor "${distributorId}".` },
    });
  });
});
