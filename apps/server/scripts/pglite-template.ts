// Run by build.mjs under tsx: writes the migrated PGlite cluster that the embedded default's first start
// unpacks instead of running initdb. Usage: pglite-template.ts <output .tar.gz> <migrations folder>
import { writeFileSync } from 'node:fs';
import { createPgliteTemplate } from '@exrated/db';

const [output, migrationsFolder] = process.argv.slice(2);
if (!output || !migrationsFolder)
  throw new Error('usage: pglite-template.ts <output .tar.gz> <migrations folder>');
writeFileSync(output, await createPgliteTemplate(migrationsFolder));
