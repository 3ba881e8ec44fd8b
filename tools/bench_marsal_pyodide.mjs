#!/usr/bin/env node
// Maršál a Špión's computer: decision times inside Pyodide (CPython 3.14 on WebAssembly) under
// Node: runs tools/bench_marsal_computer.py there. A benchmark: prints figures, asserts nothing.
//
//   node tools/bench_marsal_pyodide.mjs [--games N]
//
// Loads Pyodide from node_modules/pyodide (as tools/bench_bot_pyodide.mjs does), NODEFS-mounts
// mortar/ and tools/ at /repo; no network, no packages.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = path.resolve(process.env.PYODIDE_DIR || path.join(REPO, "node_modules", "pyodide"));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, packages: [] });
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.setStderr({ batched: (line) => console.error(line) });
for (const d of ["mortar", "tools"]) {
  pyodide.FS.mkdirTree(`/repo/${d}`);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: fs.realpathSync(path.join(REPO, d)) }, `/repo/${d}`);
}
pyodide.globals.set("ARGS", pyodide.toPy(process.argv.slice(2)));
await pyodide.runPythonAsync(`
import sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/repo", "/repo/tools"]
sys.argv = ["bench_marsal_computer.py", *ARGS]
import bench_marsal_computer
print(f"Pyodide {'${pyodide.version}'} under Node ${process.version}")
bench_marsal_computer.main()
`);
