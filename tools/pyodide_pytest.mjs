#!/usr/bin/env node
// Run the repo's pytest suite INSIDE Pyodide (CPython 3.14 on WebAssembly) under Node.
//
//   python tools/fetch_wheels.py                 # once: pure-Python wheels -> build/wheels/
//   node tools/pyodide_pytest.mjs [--root DIR] [pytest args...]
//
// Exits with pytest's exit code (3 if the runner itself could not set up).
//
// What it does:
//  * loads Pyodide from <repo>/node_modules/pyodide (override: env PYODIDE_DIR=/path/to/node_modules/pyodide);
//    no network, no micropip, no loadPackage;
//  * extracts build/wheels/*.whl (see tools/fetch_wheels.py) into site-packages with Python's zipfile;
//  * builds /repo in Pyodide's in-memory FS: copies pyproject.toml (and conftest.py, pytest.ini,
//    setup.cfg, tox.ini if present) and NODEFS-mounts DIR/mortar and DIR/tests at /repo/mortar and
//    /repo/tests (live, read-write; bytecode writing is off so no .pyc lands in the host tree);
//    cwd is /repo, which is also sys.path[0] (like `python -m pytest`), so `import mortar` works;
//    .hypothesis/ therefore lives in memory and vanishes at exit;
//  * runs pytest.main(["-p", "no:cacheprovider", "-m", "not cpython_only", ...args]).
//    A user `-m EXPR` becomes `-m "(EXPR) and not cpython_only"`. Host paths under DIR in the args
//    are rewritten to /repo/...; relative paths are relative to DIR.
//
// Environment seen by Python: HYPOTHESIS_PROFILE=pyodide (unless set on the host), plus the host's
// PYTEST_*, HYPOTHESIS_*, MORTAR_*, CI, NO_COLOR, FORCE_COLOR, COLUMNS, TERM.
// tests/conftest.py should register a "pyodide" Hypothesis profile (deadline=None, fewer examples)
// and load os.environ.get("HYPOTHESIS_PROFILE", "default").
//
// --root DIR   the directory holding mortar/, tests/, pyproject.toml (default: this repo).
// --no-mount   copy mortar/ and tests/ into memory instead of NODEFS-mounting them.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const T0 = performance.now();
const secs = (t) => ((t - T0) / 1000).toFixed(2) + "s";
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const note = (msg) => process.stderr.write(`pyodide_pytest: ${msg}\n`);
const die = (msg) => {
  note(`ERROR: ${msg}`);
  process.exit(3);
};

// ---- arguments ---------------------------------------------------------------------------
let root = REPO;
let mount = true;
const userArgs = [];
{
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--root") root = path.resolve(argv[++i] ?? die("--root needs a directory"));
    else if (a.startsWith("--root=")) root = path.resolve(a.slice(7));
    else if (a === "--no-mount") mount = false;
    else userArgs.push(a);
  }
}
if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) die(`no such directory: ${root}`);
const PYROOT = "/repo";

// Fold the user's -m into ours and map host paths to /repo.
let markExpr = "not cpython_only";
const pytestArgs = [];
for (let i = 0; i < userArgs.length; i++) {
  let a = userArgs[i];
  if (a === "-m" && i + 1 < userArgs.length) {
    markExpr = `(${userArgs[++i]}) and not cpython_only`;
    continue;
  }
  if (a.startsWith("-m") && a.length > 2 && !a.startsWith("--")) {
    markExpr = `(${a.slice(2)}) and not cpython_only`;
    continue;
  }
  if (!a.startsWith("-")) {
    const [p, ...rest] = a.split("::");
    const abs = path.resolve(p);
    if (path.isAbsolute(p) || fs.existsSync(abs)) {
      // absolute, or relative to the host cwd: translate if it lies under root
      const rel = path.relative(root, abs);
      if (!rel.startsWith("..") && !path.isAbsolute(rel)) a = [path.posix.join(PYROOT, ...rel.split(path.sep)), ...rest].join("::");
    }
  }
  pytestArgs.push(a);
}

// ---- wheels ------------------------------------------------------------------------------
const wheelDir = path.join(REPO, "build", "wheels");
const wheels = fs.existsSync(wheelDir) ? fs.readdirSync(wheelDir).filter((f) => f.endsWith(".whl")).sort() : [];
if (!wheels.some((f) => f.startsWith("pytest-")) || !wheels.some((f) => f.startsWith("hypothesis-")))
  die(`no pytest/hypothesis wheels in ${wheelDir}; run: python tools/fetch_wheels.py`);

// ---- Pyodide -----------------------------------------------------------------------------
const pyodideDir = path.resolve(process.env.PYODIDE_DIR || path.join(REPO, "node_modules", "pyodide"));
const pyodideEntry = path.join(pyodideDir, "pyodide.mjs");
if (!fs.existsSync(pyodideEntry)) die(`${pyodideEntry} not found; run npm install (or set PYODIDE_DIR)`);
const { loadPyodide } = await import(pathToFileURL(pyodideEntry).href);

const env = { HOME: "/home/pyodide", HYPOTHESIS_PROFILE: "pyodide", PYTHONDONTWRITEBYTECODE: "1" };
for (const [k, v] of Object.entries(process.env)) {
  if (/^(PYTEST_|HYPOTHESIS_|MORTAR_)/.test(k) || ["CI", "NO_COLOR", "FORCE_COLOR", "COLUMNS", "TERM"].includes(k)) env[k] = v;
}
if (!env.COLUMNS && process.stdout.columns) env.COLUMNS = String(process.stdout.columns);

const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, env, packages: [] });

// Raw byte streams, so pytest's progress dots are not broken into lines by console.log.
const writer = (stream) => ({
  isatty: Boolean(stream.isTTY),
  write(buf) {
    stream.write(Buffer.from(buf)); // copy: buf is a view into wasm memory
    return buf.length;
  },
});
pyodide.setStdout(writer(process.stdout));
pyodide.setStderr(writer(process.stderr));
const tLoaded = performance.now();

// ---- file system -------------------------------------------------------------------------
const FS = pyodide.FS;
FS.mkdirTree("/tmp/wheels");
for (const w of wheels) FS.writeFile(`/tmp/wheels/${w}`, fs.readFileSync(path.join(wheelDir, w)));

function copyTree(hostDir, pyDir) {
  FS.mkdirTree(pyDir);
  for (const ent of fs.readdirSync(hostDir, { withFileTypes: true })) {
    if (ent.name === "__pycache__" || ent.name === ".hypothesis" || ent.name === ".pytest_cache") continue;
    const h = path.join(hostDir, ent.name);
    if (ent.isDirectory()) copyTree(h, `${pyDir}/${ent.name}`);
    else if (ent.isFile()) FS.writeFile(`${pyDir}/${ent.name}`, fs.readFileSync(h));
  }
}
FS.mkdirTree(PYROOT);
for (const f of ["pyproject.toml", "conftest.py", "pytest.ini", "setup.cfg", "tox.ini"]) {
  const h = path.join(root, f);
  if (fs.existsSync(h)) FS.writeFile(`${PYROOT}/${f}`, fs.readFileSync(h));
}
for (const d of ["mortar", "tests", "tools"]) {
  const h = path.join(root, d);
  if (!fs.existsSync(h)) continue;
  if (mount) {
    FS.mkdirTree(`${PYROOT}/${d}`);
    // realpath: NODEFS lstat()s its root, so a symlinked mortar/ would look like a link, not a dir
    FS.mount(FS.filesystems.NODEFS, { root: fs.realpathSync(h) }, `${PYROOT}/${d}`);
  } else copyTree(h, `${PYROOT}/${d}`);
}

// ---- Python side -------------------------------------------------------------------------
pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(["-p", "no:cacheprovider", "-m", markExpr, ...pytestArgs]));
pyodide.globals.set("PYROOT", PYROOT);
pyodide.globals.set("PYODIDE_VERSION", pyodide.version);

await pyodide.runPythonAsync(`
import importlib, os, site, sys, sysconfig, zipfile
sys.dont_write_bytecode = True
_sp = sysconfig.get_paths()["purelib"]
for _w in sorted(os.listdir("/tmp/wheels")):
    with zipfile.ZipFile(f"/tmp/wheels/{_w}") as _z:
        _z.extractall(_sp)
importlib.invalidate_caches()
os.chdir(PYROOT)
sys.path.insert(0, PYROOT)
import pytest
`);
const tPytest = performance.now();
const pyver = pyodide.runPython("import sys; sys.version.split()[0]");
note(
  `Python ${pyver} (${pyodide.runPython("import sys, platform; f'{sys.platform} {platform.machine()}'")}), ` +
    `Pyodide ${pyodide.version}, pytest ${pyodide.runPython("pytest.__version__")}; ` +
    `root ${root} -> ${PYROOT} (${mount ? "NODEFS mount" : "copied"})`,
);
note(`startup: Pyodide loaded ${secs(tLoaded)}, wheels installed + pytest imported ${secs(tPytest)}`);
note(`pytest.main(${JSON.stringify(["-p", "no:cacheprovider", "-m", markExpr, ...pytestArgs])})`);

pyodide.globals.set("STARTUP", `startup ${secs(tPytest)} (Pyodide ${secs(tLoaded)})`);
let code;
try {
  code = await pyodide.runPythonAsync(`
import sys, time
class _PyodideBanner:
    # Summary line printed by pytest itself, so pytest's "N passed in Xs" stays the last line.
    def pytest_terminal_summary(self, terminalreporter):
        terminalreporter.write_line(
            f"pyodide_pytest: ran on Python {sys.version.split()[0]} ({sys.platform}), "
            f"Pyodide {PYODIDE_VERSION}; {STARTUP}")
sys.stdout.flush(); sys.stderr.flush()
try:
    _rc = int(pytest.main(list(PYTEST_ARGS), plugins=[_PyodideBanner()]))
except SystemExit as _e:
    _rc = _e.code if isinstance(_e.code, int) else 1
sys.stdout.flush(); sys.stderr.flush()
_rc
`);
} catch (e) {
  note(`ERROR: pytest crashed inside Pyodide:\n${e}`);
  code = 3;
}
process.exitCode = code;
// Pyodide keeps no handles open, but make sure we do not hang on one.
setTimeout(() => process.exit(code), 50).unref();
