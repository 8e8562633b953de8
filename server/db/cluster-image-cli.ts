// The build's last step (scripts/build.mjs runs it from the bundle, dist/server/cluster-image-cli.mjs): makes
// the embedded database's cluster image for the current migrations, unless it is there already.
import { relative } from 'node:path';
import { root } from '../paths.ts';
import { makeClusterImage } from './make-cluster-image.ts';

const started = Date.now();
const { image, made } = await makeClusterImage();
if (made) console.log(`made the database image ${relative(root, image)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
