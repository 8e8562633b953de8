// Registers the islands only tests use, in whichever process imports this: the test app's server (so it can
// render them) and the tests' browser bundle (boot.ts, so the loader can mount them). Production knows none of them.
import { registerIsland } from '../../../islands/registry.ts';

registerIsland('demo-counter', () => import('./demo-counter.tsx'));
