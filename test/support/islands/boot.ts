// The browser entry of the tests' bundle (built into .test-cache/build by scripts/test.mjs): the app's own
// entry with the test islands registered first. ES modules run their imports in order, so the registry holds
// them before the app's loader starts, and both share one React, which a separately loaded script could not.
import './register.ts';
import '../../../islands/boot.ts';
