// The message catalog: the same files as the Go code's (norns/i18n),
// served at /i18n/<lang>.json. Plural forms follow CLDR through
// Intl.PluralRules, as the Go side does.

export type Lang = "en" | "ru";
export const langs: Lang[] = ["en", "ru"];

type Entry = string | Record<string, string>;
let catalog: Record<string, Entry> = {};
let fallback: Record<string, Entry> = {};
export let lang: Lang = "en";

/** initialLang is the language the address asks for (?lang=ru), which
 * becomes the remembered choice, else the remembered choice, else the
 * language the server chose from Accept-Language (the html element's
 * lang). */
export function initialLang(): Lang {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked === "en" || asked === "ru") {
    remember(asked);
    return asked;
  }
  const stored = localStorage.getItem("lang");
  if (stored === "en" || stored === "ru") return stored;
  return document.documentElement.lang === "ru" ? "ru" : "en";
}

async function fetchCatalog(l: Lang): Promise<Record<string, Entry>> {
  const r = await fetch(`/i18n/${l}.json`);
  if (!r.ok) throw new Error(`catalog ${l}: ${r.status}`);
  return r.json();
}

/** load fetches the catalog of a language (and English as the fallback). */
export async function load(l: Lang): Promise<void> {
  const [c, f] = await Promise.all([fetchCatalog(l), l === "en" ? Promise.resolve(null) : fetchCatalog("en")]);
  catalog = c;
  fallback = f ?? c;
  lang = l;
  document.documentElement.lang = l;
}

/** remember stores the choice for later visits (and tells the server). */
export function remember(l: Lang): void {
  localStorage.setItem("lang", l);
  document.cookie = `lang=${l}; path=/; max-age=31536000; samesite=lax`;
}

/** has reports whether the catalog has a key. */
export function has(key: string): boolean {
  return key in catalog || key in fallback;
}

/** t returns the message of a key with {name} placeholders filled in; a
 * plural message takes its form from the parameter n. */
export function t(key: string, params: Record<string, string | number> = {}): string {
  let e = catalog[key] ?? fallback[key];
  if (e === undefined) return key;
  if (typeof e !== "string") {
    const n = Number(params.n ?? 0);
    const form = new Intl.PluralRules(lang).select(n);
    e = e[form] ?? e.other ?? "";
  }
  return e.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}
