// A command template (a JSON object with example values, as the phase
// buttons offer them) shown as a small form: one input per value, so the
// player fills in a card's life, damage, level or an ability's target
// without typing JSON. Pure: the screen draws the fields and hands back
// what was typed.

type Obj = Record<string, unknown>;

export interface Field {
  /** Keys from the template's root to this value, e.g. ["card", "life"]. */
  path: string[];
  /** How it is edited: text, number, a checkbox, or JSON for lists. */
  kind: "text" | "number" | "bool" | "json";
  /** The template's value, as the input starts. */
  initial: string | boolean;
}

/** The editable values of `template`; `type` is fixed and not a field. */
export function fieldsOf(template: Obj, prefix: string[] = []): Field[] {
  const out: Field[] = [];
  for (const [k, v] of Object.entries(template)) {
    if (prefix.length === 0 && k === "type") continue;
    const path = [...prefix, k];
    if (typeof v === "number") out.push({ path, kind: "number", initial: String(v) });
    else if (typeof v === "boolean") out.push({ path, kind: "bool", initial: v });
    else if (typeof v === "string") out.push({ path, kind: "text", initial: v });
    else if (v && typeof v === "object" && !Array.isArray(v)) out.push(...fieldsOf(v as Obj, path));
    else out.push({ path, kind: "json", initial: JSON.stringify(v) });
  }
  return out;
}

/** A field's label: "card life" for ["card", "life"], underscores as spaces. */
export function labelOf(f: Field): string {
  return f.path.join(" ").replace(/_/g, " ");
}

/**
 * The command with the typed values put in. Numbers must be numbers, JSON
 * must parse; an empty optional text is left out so the engine's default
 * (or its catalogue) applies. Errors name the field.
 */
export function fillTemplate(template: Obj, values: Map<string, string | boolean>): { command: Obj } | { error: string } {
  const command = structuredClone(template);
  for (const f of fieldsOf(template)) {
    const raw = values.get(f.path.join("."));
    if (raw === undefined) continue;
    let value: unknown;
    if (f.kind === "bool") value = raw === true;
    else if (f.kind === "number") {
      const text = String(raw).trim();
      if (text === "") {
        value = undefined;
      } else {
        const n = Number(text);
        if (!Number.isFinite(n)) return { error: `${labelOf(f)}: "${text}" is not a number` };
        value = n;
      }
    } else if (f.kind === "json") {
      try {
        value = JSON.parse(String(raw));
      } catch {
        return { error: `${labelOf(f)}: not valid JSON` };
      }
    } else {
      const text = String(raw).trim();
      value = text === "" && f.path[f.path.length - 1] !== "name" ? undefined : text;
    }
    let at: Obj = command;
    for (const k of f.path.slice(0, -1)) at = at[k] as Obj;
    const last = f.path[f.path.length - 1];
    if (value === undefined) delete at[last];
    else at[last] = value;
  }
  return { command };
}
