// Package i18n is the one message catalog of everything a person reads in
// Norns — the web app, the terminal client, the server's error messages —
// in English and Russian.
//
// # Catalog
//
// catalog/en.json and catalog/ru.json map keys to messages. A message is a
// string with {name} placeholders, or an object of plural forms keyed by
// CLDR category ("one", "few", "many", "other"; Russian uses the first three
// for whole numbers, English "one" and "other"). Code uses keys, never
// sentences: T(lang, "status.turn", "player", name). The web front end loads
// the same files (JSON) and picks plural forms with Intl.PluralRules, which
// follows the same CLDR rules.
//
// # Choosing the language
//
// FromAcceptLanguage for a browser's first visit, FromEnv (LC_ALL,
// LC_MESSAGES, LANG) for the terminal, Parse for a --lang flag or a stored
// choice. English is the fallback.
//
// # Notation
//
// Moves, positions and records stay language-neutral: they are never
// translated, so a record is the same whatever language its players read.
package i18n
