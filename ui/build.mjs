// Bundles src/main.ts into dist/app.js and copies the static files beside it.
// No dev server: the Tauri binary embeds dist/ at compile time.
import { build } from "esbuild";
import { copyFile, mkdir, rm } from "node:fs/promises";

const dist = new URL("./dist/", import.meta.url);
await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
await build({
  entryPoints: ["src/main.ts"],
  bundle: true,
  format: "esm",
  target: "es2021",
  minify: true,
  sourcemap: false,
  outfile: "dist/app.js",
  logLevel: "info",
});
for (const file of ["index.html", "styles.css", "styles-itdd.css"]) {
  await copyFile(new URL(`./${file}`, import.meta.url), new URL(file, dist));
}
console.log("ui: built dist/");
