// The engine's own tables (crates/games/silver-mine/data/*.json) are bundled
// into the screen by esbuild, so the forms offer exactly what the engine
// accepts; these declarations let tsc type the imports without
// `resolveJsonModule` (the shapes are checked where they are read: data.ts).
declare module "*/silver-mine/data/enemies.json" { const value: unknown; export default value; }
declare module "*/silver-mine/data/merchant.json" { const value: unknown; export default value; }
declare module "*/silver-mine/data/books.json" { const value: unknown; export default value; }
declare module "*/silver-mine/data/quests.json" { const value: unknown; export default value; }
declare module "*/silver-mine/data/loot.json" { const value: unknown; export default value; }
declare module "*/silver-mine/data/traps.json" { const value: unknown; export default value; }
