import { untilControlled, type WorkerContainer } from './until-controlled';

type Registration = Awaited<ReturnType<WorkerContainer['getRegistration']>>;
const INSTALLING: Registration = { installing: {}, waiting: null, active: null };
const ACTIVATING: Registration = { installing: null, waiting: null, active: { state: 'activating' } };
const ACTIVE: Registration = { installing: null, waiting: null, active: { state: 'activated' } };

class FakeContainer implements WorkerContainer {
  controller: unknown = null;
  private listeners = new Set<() => void>();
  constructor(private readonly registration: Registration) {}
  getRegistration = () => Promise.resolve(this.registration);
  addEventListener(_type: 'controllerchange', listener: () => void): void {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'controllerchange', listener: () => void): void {
    this.listeners.delete(listener);
  }
  claim(): void {
    this.controller = {};
    for (const listener of [...this.listeners]) listener();
  }
  get listening(): number {
    return this.listeners.size;
  }
}

describe('untilControlled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['installing', INSTALLING],
    ['activating', ACTIVATING],
  ])(
    'waits while the worker is %s and has not claimed the page, and resolves when it does',
    async (_state, registration) => {
      const container = new FakeContainer(registration);
      let resolved = false;
      const waiting = untilControlled(container).then(() => (resolved = true));
      await vi.advanceTimersByTimeAsync(2000);
      expect(resolved).toBe(false);
      container.claim();
      await waiting;
      expect(resolved).toBe(true);
      expect(container.listening).toBe(0);
    },
  );

  it('gives up after the timeout, so a page the worker never claims is left to MSW', async () => {
    const container = new FakeContainer(INSTALLING);
    let resolved = false;
    const waiting = untilControlled(container, undefined, 500).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(resolved).toBe(true);
    expect(container.listening).toBe(0);
  });

  it('does not wait when the page is already controlled, when an active worker will claim nothing more, when none is registered, or without service workers', async () => {
    const controlled = new FakeContainer(INSTALLING);
    controlled.controller = {};
    const active = new FakeContainer(ACTIVE);
    const unregistered = new FakeContainer(undefined);
    await untilControlled(controlled);
    await untilControlled(active);
    await untilControlled(unregistered);
    await untilControlled(undefined);
    expect(controlled.listening + active.listening + unregistered.listening).toBe(0);
  });

  it('stops waiting at the claim while the registration it was given is still pending (a first visit: register() settles after activation)', async () => {
    const container = new FakeContainer(ACTIVE);
    let settle: (registration: Registration) => void = () => undefined;
    const registering = new Promise<Registration>((resolve) => (settle = resolve));
    let resolved = false;
    const waiting = untilControlled(container, registering).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(resolved).toBe(false);
    container.claim();
    await waiting;
    expect(resolved).toBe(true);
    expect(container.listening).toBe(0);
    settle(INSTALLING);
  });

  it('still reports a registration that fails before any claim', async () => {
    const container = new FakeContainer(INSTALLING);
    await expect(
      untilControlled(container, Promise.reject(new Error('The script has an unsupported MIME type'))),
    ).rejects.toThrow('unsupported MIME type');
    expect(container.listening).toBe(0);
  });

  it('uses a registration it is given instead of asking the container again', async () => {
    const container = new FakeContainer(ACTIVE);
    const asked = vi.spyOn(container, 'getRegistration');
    const waiting = untilControlled(container, Promise.resolve(INSTALLING));
    await vi.advanceTimersByTimeAsync(0);
    container.claim();
    await waiting;
    expect(asked).not.toHaveBeenCalled();
  });
});
