// Integration tests start real processes; jest's testTimeout is global-only, so each project sets its own.
jest.setTimeout(30_000);
