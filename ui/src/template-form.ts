// A command the engine offers with values left to fill (`Offer.fill`)
// shown as a small form: one input per filled path, so the player types a
// card's life, damage or an ability's target without typing JSON. Known
// values stay as the engine wrote them. Pure: the screen draws the fields
// and hands back what was typed.
import type { Offer } from "./game-ipc";

type Obj = Record<string, unknown>;

export interface Field {
  /** Keys from the command's root to this value, e.g. ["card", "life"]. */
  path: string[];
  /** How it is edited: text, number, a checkbox, or JSON for lists. */
  kind: "text" | "number" | "bool" | "json";
  /** The value as the input starts (empty for what the engine left to fill). */
  initial: string | boolean;
  /** The only values the engine accepts here, with words for each. */
  choices?: Array<{ value: unknown; label: string }>;
  /** What the engine calls the field, when its path would say it badly. */
  label?: string;
}

/** The fields of an offer: its `fill` paths, asked for as its `inputs` say. */
export function offerFields(o: Offer): Field[] {
  return (o.fill ?? []).map((p) => {
    const input = o.inputs?.[p];
    const kind = input?.kind === "number" ? "number" : input?.kind === "flag" ? "bool" : input?.kind === "json" ? "json" : "text";
    const f: Field = { path: p.split("."), kind, initial: kind === "bool" ? false : "" };
    if (input?.choices?.length) f.choices = input.choices;
    if (input?.label) f.label = input.label;
    return f;
  });
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
  if (f.label) return f.label;
  return f.path.join(" ").replace(/_/g, " ");
}

/**
 * The command with the typed values put in. Numbers must be numbers, JSON
 * must parse; an empty optional text is left out so the engine's default
 * (or its catalogue) applies. Errors name the field.
 */
export function fillTemplate(template: Obj, values: Map<string, string | boolean>, fields: Field[] = fieldsOf(template)): { command: Obj } | { error: string } {
  const command = structuredClone(template);
  for (const f of fields) {
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
      if (String(raw).trim() === "") return { error: `${labelOf(f)}: needed` };
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

/** The offer's command with the typed values in; a path left empty is left out. */
export function fillOffer(o: Offer, values: Map<string, string | boolean>): { command: Obj } | { error: string } {
  const fields = offerFields(o);
  const r = fillTemplate(o.command, values, fields);
  if ("error" in r) return r;
  // A fill path the form had no value for is dropped, never sent as null.
  for (const f of fields) {
    let at: Obj | undefined = r.command;
    for (const k of f.path.slice(0, -1)) at = at?.[k] as Obj | undefined;
    const last = f.path[f.path.length - 1];
    if (at && at[last] === null) delete at[last];
  }
  return r;
}

/**
 * The values a kept card brings to an offer's form: for each field under the
 * card's path left empty in `typed`, the library card's value (found by the
 * typed name, any case). A field the player typed keeps what was typed.
 */
export function cardFill(o: Offer, library: Array<Record<string, unknown>>, typed: Map<string, string | boolean>): Map<string, string> {
  const out = new Map<string, string>();
  const slot = o.card;
  if (!slot) return out;
  const name = String(typed.get(`${slot.path}.name`) ?? "").trim().toLowerCase();
  if (!name) return out;
  const card = library.find((c) => String(c.name ?? "").trim().toLowerCase() === name);
  if (!card) return out;
  for (const f of offerFields(o)) {
    const key = f.path.join(".");
    if (!key.startsWith(`${slot.path}.`) || key === `${slot.path}.name`) continue;
    const field = key.slice(slot.path.length + 1);
    const kept = card[field];
    const now = typed.get(key);
    if (kept === undefined || kept === null || (now !== undefined && String(now).trim() !== "")) continue;
    out.set(key, typeof kept === "string" ? kept : JSON.stringify(kept));
  }
  return out;
}
