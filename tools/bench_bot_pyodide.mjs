#!/usr/bin/env node
// The computer opponent's decision times inside Pyodide (CPython 3.14 on WebAssembly) under
// Node: runs tools/bench_bot.py there. A benchmark: prints figures, asserts nothing.
//
//   node tools/bench_bot_pyodide.mjs [--games N] [--reload-only]
//
// Loads Pyodide from node_modules/pyodide (as tools/pyodide_pytest.mjs does), NODEFS-mounts
// mortar/, tools/ and build/ at /repo (run `python3 tools/bench_bot.py` first so that the long
// games are in build/: making them in Pyodide takes minutes); no network, no packages.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = path.resolve(process.env.PYODIDE_DIR || path.join(REPO, "node_modules", "pyodide"));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, packages: [] });
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.setStderr({ batched: (line) => console.error(line) });
fs.mkdirSync(path.join(REPO, "build"), { recursive: true });  // the long games, made by CPython
for (const d of ["mortar", "tools", "build"]) {
  pyodide.FS.mkdirTree(`/repo/${d}`);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: fs.realpathSync(path.join(REPO, d)) }, `/repo/${d}`);
}
pyodide.globals.set("ARGS", pyodide.toPy(process.argv.slice(2)));
await pyodide.runPythonAsync(`
import sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/repo", "/repo/tools"]
sys.argv = ["bench_bot.py", *ARGS]
import bench_bot
print(f"Pyodide {'${pyodide.version}'} under Node ${process.version}")
bench_bot.main()
`);
