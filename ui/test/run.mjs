// Bundles each test/*.test.ts with esbuild and runs it with node's test runner.
// These check the UI's pure logic (frame parsing, wording, fps); the real
// window is covered by e2e/window.test.mjs.
import { build } from "esbuild";
import { readdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";

const out = await mkdtemp(join(tmpdir(), "tw-ui-test-"));
try {
  const tests = (await readdir(new URL(".", import.meta.url))).filter((f) => f.endsWith(".test.ts"));
  const files = [];
  for (const t of tests) {
    const outfile = join(out, t.replace(/\.ts$/, ".mjs"));
    await build({
      entryPoints: [new URL(t, import.meta.url).pathname],
      bundle: true,
      platform: "node",
      format: "esm",
      outfile,
      logLevel: "warning",
    });
    files.push(outfile);
  }
  const r = spawnSync(process.execPath, ["--test", ...files], { stdio: "inherit" });
  process.exitCode = r.status ?? 1;
} finally {
  await rm(out, { recursive: true, force: true });
}
