// Dolos's similarity of every pair of files of a folder, the template ignored, as JSON lines:
// node dolos.mjs <folder of student.py files> <template.py>  (run with NODE_PATH naming Dolos's node_modules)
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(join(process.env.NODE_PATH, "noop.js"));
const { Dolos } = await import(require.resolve("@dodona/dolos-lib"));
const [folder, template] = process.argv.slice(2);
const paths = readdirSync(folder).filter(name => name.endsWith(".py")).sort().map(name => join(folder, name));
const report = await new Dolos({ language: "python" }).analyzePaths(paths, template);
for (const pair of report.allPairs()) {
  console.log(JSON.stringify({ a: pair.leftFile.path, b: pair.rightFile.path, similarity: pair.similarity }));
}
