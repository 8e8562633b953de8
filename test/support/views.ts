// The test pages' templates (test/support/views/*.eta), which reply.page draws in the app's own layout. They
// are compiled without a file path, so their layout and includes are found in views/ as the app's pages'
// are ('/layout', '/_field'); the app's Eta renders them, with its settings, as it renders a file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Eta, type TemplateFunction } from 'eta';
import { root } from '../../server/paths.ts';

const compiler = new Eta();

export function testView(name: 'page' | 'playground' | 'form'): TemplateFunction {
  return compiler.compile(readFileSync(join(root, 'test/support/views', `${name}.eta`), 'utf8'));
}
