#!/usr/bin/env node
// Run one of tools/*.py inside Pyodide (CPython 3.14 on WebAssembly) under Node: its main(),
// with the arguments given. For the benchmarks' figures in the page's interpreter:
//
//   node tools/pyodide_run.mjs bench_bot [--games N] [--reload-only] [--no-before]
//   node tools/pyodide_run.mjs bench_marsal_computer [--games N]
//   node tools/pyodide_run.mjs bench_karo_ai times --clock js-cpu [GAME …] [--positions N]
//
// (bench_karo_ai: `--clock js-cpu` is Node's CPU time; Pyodide's own process_time is the wall
// clock, which a busy machine stretches.) Loads Pyodide from node_modules/pyodide (env
// PYODIDE_DIR overrides), NODEFS-mounts mortar/, tools/ and build/ at /repo (bench_bot reads the
// long games CPython made there: run `python3 tools/bench_bot.py` first); no network, no packages.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [script, ...args] = process.argv.slice(2);
if (!script || !/^\w+$/.test(script)) {
  console.error("usage: node tools/pyodide_run.mjs SCRIPT [ARGS…]  (SCRIPT: a module of tools/)");
  process.exit(2);
}
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = path.resolve(process.env.PYODIDE_DIR || path.join(REPO, "node_modules", "pyodide"));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, packages: [] });
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.setStderr({ batched: (line) => console.error(line) });
fs.mkdirSync(path.join(REPO, "build"), { recursive: true });
for (const d of ["mortar", "tools", "build"]) {
  pyodide.FS.mkdirTree(`/repo/${d}`);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: fs.realpathSync(path.join(REPO, d)) }, `/repo/${d}`);
}
pyodide.globals.set("SCRIPT", script);
pyodide.globals.set("ARGS", pyodide.toPy(args));
await pyodide.runPythonAsync(`
import importlib
import sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/repo", "/repo/tools"]
sys.argv = [SCRIPT + ".py", *ARGS]
print(f"Pyodide {'${pyodide.version}'} (Python {sys.version.split()[0]}) under Node ${process.version}")
importlib.import_module(SCRIPT).main()
`);
