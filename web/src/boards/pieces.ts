// The chess pieces: the project's own drawings (see ATTRIBUTION.md), on a
// 45 by 45 grid. White pieces are light with a dark outline, black pieces
// dark with light inner lines.

import { s } from "../dom";

type Part = [string, Record<string, string | number>];

const base: Part = ["rect", { x: 11, y: 34, width: 23, height: 4.5, rx: 1.5 }];

const shapes: Record<string, Part[]> = {
  p: [
    ["circle", { cx: 22.5, cy: 13, r: 5 }],
    ["path", { d: "M17 20.5h11l-2.2 3.5c3.2 3.4 5 7 5.4 10.5h-17.4c.4-3.5 2.2-7.1 5.4-10.5z" }],
    base,
  ],
  r: [
    ["path", { d: "M12 34h21v-3h-2l-1.5-12h2v-8h-4v3h-3v-3h-4v3h-3v-3h-4v8h2L14 31h-2z" }],
    ["path", { d: "M14.5 31h16M15.5 19h14", fill: "none", "data-line": 1 }],
    base,
  ],
  n: [
    ["path", { d: "M13 34h20c.5-8-1.5-15-5-20-1.5-2.5-1.5-5 0-7.5-3 0-5 1.5-6 3.5l-2-3-1 4.5c-4 2.5-7 6.5-8.5 11.5l2.5 2.5c2-1.5 4.5-2.5 7-2.5-1.5 3.5-5 6.5-7 11z" }],
    ["circle", { cx: 19.5, cy: 15.5, r: 1.3, "data-eye": 1 }],
    base,
  ],
  b: [
    ["circle", { cx: 22.5, cy: 7.5, r: 2.6 }],
    ["path", { d: "M22.5 10c-6 4.5-8.5 10-6.5 16h13c2-6-.5-11.5-6.5-16z" }],
    ["path", { d: "M16.5 26h12l1.5 3h-15zM15 29h15c0 2 1.5 3.5 3 5h-21c1.5-1.5 3-3 3-5z" }],
    ["path", { d: "M22.5 14v7M19.5 17.5h6", fill: "none", "data-line": 1 }],
    base,
  ],
  q: [
    ["path", { d: "M12.5 32 9 13.5l7 9.5.8-12.5 5.7 11.5 5.7-11.5.8 12.5 7-9.5-3.5 18.5z" }],
    ["circle", { cx: 9, cy: 12.5, r: 2 }],
    ["circle", { cx: 16.8, cy: 9.5, r: 2 }],
    ["circle", { cx: 28.2, cy: 9.5, r: 2 }],
    ["circle", { cx: 36, cy: 12.5, r: 2 }],
    ["path", { d: "M13 28.5h19", fill: "none", "data-line": 1 }],
    base,
  ],
  k: [
    ["path", { d: "M22.5 5.5v9M18.5 9.5h8", fill: "none", "stroke-width": 2.4 }],
    ["path", { d: "M12.5 32c-3-6-4.5-12.5-.5-15 3.5-2.2 7.5.3 10.5 4 3-3.7 7-6.2 10.5-4 4 2.5 2.5 9-.5 15z" }],
    ["path", { d: "M22.5 21v11M13 28.5h19", fill: "none", "data-line": 1 }],
    base,
  ],
};

/** piece draws a piece (FEN letter: upper case white) at the origin of a
 * 45 by 45 square. */
export function piece(letter: string): SVGElement {
  const white = letter === letter.toUpperCase();
  const fill = white ? "#fbfaf5" : "#2b2b2b";
  const stroke = white ? "#1e1e1e" : "#0b0b0b";
  const line = white ? "#1e1e1e" : "#e9e4d4";
  const g = s("g", { class: "piece-art", "stroke-linejoin": "round", "stroke-linecap": "round" });
  for (const [tag, attrs] of shapes[letter.toLowerCase()] ?? []) {
    const a: Record<string, string | number> = { fill, stroke, "stroke-width": 1.5, ...attrs };
    if (attrs["data-line"]) {
      a.stroke = line;
      a["stroke-width"] = 1.3;
    }
    if (attrs["data-eye"]) {
      a.fill = line;
      a.stroke = "none";
    }
    delete a["data-line"];
    delete a["data-eye"];
    g.append(s(tag, a));
  }
  return g;
}

/** pieceIcon is a piece as a small stand-alone SVG (for pickers and cards). */
export function pieceIcon(letter: string, size = 36): SVGElement {
  return s("svg", { viewBox: "0 0 45 45", width: size, height: size, class: "piece-icon", "aria-hidden": "true" }, piece(letter));
}
