// The tests run as a visitor whose browser speaks French (jsdom says en-US):
// the interface then starts in French, its default, as the assertions expect.
// A getter, so that a test can still stub it (vi.spyOn(navigator, 'languages', 'get')).
Object.defineProperty(window.navigator, 'languages', { get: () => ['fr-BE', 'fr'], configurable: true });
