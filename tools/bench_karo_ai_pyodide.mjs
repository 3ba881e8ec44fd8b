#!/usr/bin/env node
// The KARO computer's decision times inside Pyodide (CPython 3.14 on WebAssembly) under Node:
// runs `tools/bench_karo_ai.py times --clock js-cpu` there (Node's CPU time: Pyodide's own
// process_time is the wall clock, which a busy machine stretches). A benchmark: prints figures,
// asserts nothing.
//
//   node tools/bench_karo_ai_pyodide.mjs [GAME …] [--positions N]
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
sys.argv = ["bench_karo_ai.py", "times", "--clock", "js-cpu", *ARGS]
import bench_karo_ai
print(f"Pyodide {'${pyodide.version}'} (Python {sys.version.split()[0]}) under Node ${process.version}")
bench_karo_ai.main()
`);
