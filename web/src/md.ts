// A small Markdown renderer for the rules pages: headings, paragraphs,
// lists, tables, code, bold and italics. Rulings and house rules (the
// markers "[ruling…]" and "[house rule…]", and their Russian forms) are
// set apart so a reader sees at once what is not the author's text.

import { t } from "./i18n";

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function inline(s: string): string {
  let out = esc(s);
  out = out.replace(/`([^`]+)`/g, "<code>$1</code>");
  out = out.replace(/\*\*\[(ruling|house rule|решение|домашнее правило)([^\]]*)\]\*\*/gi, "[$1$2]");
  // A marker may carry a note after a colon, a comma or a space ("[ruling:
  // the source is silent]", "[ruling, option `deck`, default `QRBN`]",
  // "[ruling for three players]"); the note is shown after the badge.
  const note = (rest: string | undefined) => (rest ? rest.replace(/^[:,]?\s*/, "") : "");
  out = out.replace(/\[(ruling|решение)([:,\s][^\]]*)?\]/gi, (_m, _w, rest) => `<span class="ruling">${esc(t("rules.ruling"))}</span>${note(rest) ? `<em>${note(rest)}</em>` : ""}`);
  out = out.replace(/\[(house rule|домашнее правило)([:,\s][^\]]*)?\]/gi, (_m, _w, rest) => `<span class="house">${esc(t("rules.house"))}</span>${note(rest) ? `<em>${note(rest)}</em>` : ""}`);
  out = out.replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");
  out = out.replace(/(^|[^*])\*([^*]+)\*/g, "$1<em>$2</em>");
  return out;
}

/** markdown turns the text of a rules file into HTML. */
export function markdown(src: string): string {
  const lines = src.split("\n");
  const out: string[] = [];
  let para: string[] = [];
  // The items of the open list, as text: an item's continuation lines are
  // joined to it before it is rendered, so a marker may span them.
  let items: string[] | null = null;
  const endPara = () => {
    if (para.length) out.push(`<p>${inline(para.join(" "))}</p>`);
    para = [];
  };
  const endList = () => {
    if (items) out.push("<ul>" + items.map((it) => `<li>${inline(it)}</li>`).join("\n") + "</ul>");
    items = null;
  };
  const flush = () => {
    endPara();
    endList();
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const hm = /^(#{1,4})\s+(.*)$/.exec(line);
    if (hm) {
      flush();
      const lvl = Math.min(hm[1].length + 1, 5);
      out.push(`<h${lvl}>${inline(hm[2])}</h${lvl}>`);
      continue;
    }
    if (/^\s*\|/.test(line)) {
      flush();
      const rows: string[][] = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) {
        const cells = lines[i].trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
        if (!cells.every((c) => /^:?-+:?$/.test(c))) rows.push(cells);
        i++;
      }
      i--;
      out.push("<table>" + rows.map((r, j) => "<tr>" + r.map((c) => (j === 0 ? `<th>${inline(c)}</th>` : `<td>${inline(c)}</td>`)).join("") + "</tr>").join("") + "</table>");
      continue;
    }
    const lm = /^\s*[-*]\s+(.*)$/.exec(line);
    if (lm) {
      endPara();
      if (!items) items = [];
      items.push(lm[1]);
      continue;
    }
    if (line.trim() === "") {
      flush();
      continue;
    }
    if (items && /^\s+/.test(line)) {
      // A continuation of the last list item.
      items[items.length - 1] += " " + line.trim();
      continue;
    }
    endList();
    // A numbered rule ("2B.3 …") starts a paragraph of its own.
    if (/^\d+[A-Z]?\.\d+/.test(line)) endPara();
    para.push(line.trim());
  }
  flush();
  return out.join("\n");
}
