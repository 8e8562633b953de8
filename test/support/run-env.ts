// What `npm test` (scripts/test.mjs) tells the test files' processes through their environment.

/** The WebSocket endpoint of the run's one Chromium (a playwright browser server); unset: a file launches its own. */
export const BROWSER_ENDPOINT_ENV = 'BACKROOM_BROWSER_WS';

/** A folder where each test file's process writes how long it ran, for the run's list of slowest files. */
export const FILE_TIMINGS_ENV = 'BACKROOM_TEST_TIMINGS';
