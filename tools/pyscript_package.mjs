// PyScript's own Python package, exactly as PyScript writes it into the browser's file system
// at start (the npm package's generated module of its sources), into a folder:
//   node tools/pyscript_package.mjs <folder>
// tools/build_site.py precompiles it into app.zip.
import stdlib from "../node_modules/@pyscript/core/src/stdlib/pyscript.js";
import fs from "node:fs";
import path from "node:path";

function write(folder, tree) {
  fs.mkdirSync(folder, { recursive: true });
  for (const [name, content] of Object.entries(tree)) {
    if (typeof content === "string") fs.writeFileSync(path.join(folder, name), content);
    else write(path.join(folder, name), content);
  }
}

write(path.resolve(process.argv[2], "pyscript"), stdlib.pyscript);
