// Browser tests drive Chromium against the whole stack; jest's testTimeout is global-only.
jest.setTimeout(60_000);
