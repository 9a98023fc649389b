// A minimal W3C WebDriver client over fetch: just the calls the window test
// needs, so the test has no npm dependencies to install or audit.

const ELEMENT_KEY = "element-6066-11e4-a52e-4f735466cecf";

export class WebDriverError extends Error {}

async function call(base, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new WebDriverError(`${method} ${path}: HTTP ${res.status}, not JSON: ${text.slice(0, 300)}`);
  }
  if (!res.ok || (json.value && json.value.error)) {
    const v = json.value ?? {};
    throw new WebDriverError(`${method} ${path}: ${v.error ?? res.status}: ${v.message ?? text.slice(0, 300)}`);
  }
  return json.value;
}

export class Session {
  constructor(base, id) {
    this.base = base;
    this.id = id;
  }

  /** Starts the app through tauri-driver; `application` is the binary's path, `args` its arguments. */
  static async start(base, application, args = []) {
    const value = await call(base, "POST", "/session", {
      capabilities: { alwaysMatch: { browserName: "wry", "tauri:options": { application, args } } },
    });
    return new Session(base, value.sessionId);
  }

  #path(p) {
    return `/session/${this.id}${p}`;
  }

  execute(script, args = []) {
    return call(this.base, "POST", this.#path("/execute/sync"), { script, args });
  }

  async find(css) {
    const v = await call(this.base, "POST", this.#path("/element"), { using: "css selector", value: css });
    return v[ELEMENT_KEY];
  }

  /**
   * Clicks the element `css` selects. The app redraws a screen when a camera
   * throw lands, so an element found a moment ago may be gone: it is found
   * again and clicked, a few times at most.
   */
  async click(css, tries = 5) {
    for (let i = 1; ; i++) {
      try {
        const id = await this.find(css);
        return await call(this.base, "POST", this.#path(`/element/${id}/click`), {});
      } catch (e) {
        if (i >= tries || !/stale element|not interactable/i.test(String(e.message))) throw e;
        await new Promise((r) => setTimeout(r, 300));
      }
    }
  }

  /** PNG bytes of the window. */
  async screenshot() {
    const b64 = await call(this.base, "GET", this.#path("/screenshot"));
    return Buffer.from(b64, "base64");
  }

  async end() {
    await call(this.base, "DELETE", this.#path(""));
  }
}

/** Polls `probe` until it returns a truthy value or `ms` pass. */
export async function waitFor(what, probe, ms = 20000, every = 200) {
  const deadline = Date.now() + ms;
  let last;
  while (Date.now() < deadline) {
    try {
      last = await probe();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, every));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
}
