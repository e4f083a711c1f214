package lab

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// WriteReports writes summary.json, report.md and report.html into dir.
func WriteReports(dir string, s *Summary) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, SummaryFile), append(b, '\n'), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, ReportMD), []byte(Markdown(s)), 0o644); err != nil {
		return err
	}
	h, err := HTML(s)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, ReportHTML), []byte(h), 0o644)
}

// table is a report table: a header row and rows of cells.
type table struct {
	head []string
	rows [][]string
}

func (t *table) add(cells ...string) { t.rows = append(t.rows, cells) }

func (t *table) markdown(b *strings.Builder) {
	b.WriteString("| " + strings.Join(t.head, " | ") + " |\n|")
	for range t.head {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for _, r := range t.rows {
		b.WriteString("| " + strings.Join(r, " | ") + " |\n")
	}
	b.WriteString("\n")
}

func (t *table) html(b *strings.Builder) {
	b.WriteString("<table><thead><tr>")
	for _, h := range t.head {
		b.WriteString("<th>" + html.EscapeString(h) + "</th>")
	}
	b.WriteString("</tr></thead><tbody>\n")
	for _, r := range t.rows {
		b.WriteString("<tr>")
		for _, c := range r {
			b.WriteString("<td>" + html.EscapeString(c) + "</td>")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table>\n")
}

// pct writes a share with its interval: "54.3% [51.2, 57.4]".
func pct(c Count) string {
	return fmt.Sprintf("%d (%.1f%% [%.1f, %.1f])", c.N, 100*c.Rate, 100*c.Lo, 100*c.Hi)
}

// points writes a difference of shares in percentage points, signed, with
// no negative zero.
func points(x float64) string {
	v := math.Round(1000*x) / 10
	if v == 0 {
		v = 0
	}
	return fmt.Sprintf("%+.1f", v)
}

// pval writes a p-value.
func pval(p float64) string {
	if p < 0.0001 {
		return "< 0.0001"
	}
	return fmt.Sprintf("%.4f", p)
}

// section is a titled part of a report: text, tables and an optional
// chart.
type section struct {
	title  string
	text   string
	tables []*table
	chart  func() (*plot.Plot, error)
}

// sections builds the report's content once, for both formats.
func sections(s *Summary) []section {
	out := []section{studySection(s), seatSection(s), firstSection(s)}
	if len(s.Comparisons) > 0 {
		out = append(out, comparisonSection(s))
	}
	return append(out, lengthSection(s), reasonSection(s))
}

// label names a variant in the report.
func label(v VariantResult) string {
	if v.Name == "" {
		return "default options"
	}
	return v.Name
}

// studySection is the overview of the study: its variants, agents and
// settings, and whether it is partial.
func studySection(s *Summary) section {
	ov := &table{head: []string{"variant", "games", "finished", "unfinished", "errors", "options"}}
	for _, v := range s.Variants {
		var opts []string
		for _, k := range sortedKeys(v.Options) {
			opts = append(opts, k+"="+v.Options[k])
		}
		ov.add(label(v), fmt.Sprint(v.Games), fmt.Sprint(v.Finished), fmt.Sprint(v.Unfinished), fmt.Sprint(v.Errors), strings.Join(opts, " "))
	}
	agents := strings.Join(s.Agents, ", ")
	if !slices.Equal(s.Agents, s.Resolved) {
		agents += " (played as " + strings.Join(s.Resolved, ", ") + ")"
	}
	text := fmt.Sprintf("Agents: %s. Games per variant asked: %d. Seed: %d. Max plies: %d.", agents, s.Games, s.Seed, s.MaxPlies)
	if s.Shard != "" {
		text += fmt.Sprintf(" This directory holds shard %s only; merge the shards for the whole study.", s.Shard)
	} else if played, asked := s.played(), s.Games*len(s.Variants); played < asked {
		text += fmt.Sprintf(" PARTIAL STUDY: %d of the %d games asked were played; run the command again to play the rest.", played, asked)
	}
	text += " Rates are over finished games (won or drawn) with Wilson 95% intervals; unfinished games (stopped by a limit) are never counted as draws."
	return section{title: "Study", text: text, tables: []*table{ov}}
}

// seatSection is the results of each seat and, when they differ by
// seat, of each agent.
func seatSection(s *Summary) section {
	var seatTabs []*table
	for _, v := range s.Variants {
		t := &table{head: []string{label(v) + ": seat", "games", "wins", "draws", "losses", "score"}}
		for _, w := range v.Seats {
			t.add(w.Name, fmt.Sprint(w.Games), pct(w.Wins), pct(w.Draws), pct(w.Losses), fmt.Sprintf("%.3f", w.Score))
		}
		seatTabs = append(seatTabs, t)
		if len(v.Agents) > 0 {
			t := &table{head: []string{label(v) + ": agent", "games", "wins", "draws", "losses", "score"}}
			for _, w := range v.Agents {
				t.add(w.Name, fmt.Sprint(w.Games), pct(w.Wins), pct(w.Draws), pct(w.Losses), fmt.Sprintf("%.3f", w.Score))
			}
			seatTabs = append(seatTabs, t)
		}
	}
	return section{title: "Results per seat", tables: seatTabs, chart: func() (*plot.Plot, error) { return seatChart(s, label) }}
}

// firstSection is the first player's advantage, and the results by
// position in the turn order.
func firstSection(s *Summary) section {
	ft := &table{head: []string{"variant", "first seat (games)", "first player wins / finished", "decisive games", "first player's share of decisive", "fair", "advantage", "p (exact binomial)"}}
	var posTabs []*table
	for _, v := range s.Variants {
		var fs []string
		for i, n := range v.First.Seats {
			if n > 0 {
				fs = append(fs, fmt.Sprintf("%s %d", s.Seats[i], n))
			}
		}
		ft.add(label(v), strings.Join(fs, ", "), pct(v.First.Wins), fmt.Sprint(v.First.Decisive), pct(v.First.DecisiveWins),
			fmt.Sprintf("%.1f%%", 100*v.First.Fair), points(v.First.Advantage)+" points", pval(v.First.P))
		t := &table{head: []string{label(v) + ": position in turn order", "games", "wins", "draws", "losses", "score"}}
		for _, w := range v.Positions {
			t.add(w.Name, fmt.Sprint(w.Games), pct(w.Wins), pct(w.Draws), pct(w.Losses), fmt.Sprintf("%.3f", w.Score))
		}
		posTabs = append(posTabs, t)
	}
	return section{title: "First-player advantage",
		text:   "The first player is the seat that made the game's first decision. Its share of the decisive games is tested against the share it would have without an advantage (one over the number of players) with an exact two-sided binomial test.",
		tables: append([]*table{ft}, posTabs...), chart: func() (*plot.Plot, error) { return firstChart(s, label) }}
}

// comparisonSection is the differences between the compared option's
// values and the baseline.
func comparisonSection(s *Summary) section {
	ct := &table{head: []string{"measure", "variant − baseline", "difference", "95% interval", "z", "p"}}
	row := func(name, vs string, d Diff) {
		ct.add(name, vs, points(d.D)+" points", "["+points(d.Lo)+", "+points(d.Hi)+"]", fmt.Sprintf("%.2f", d.Z), pval(d.P))
	}
	for _, c := range s.Comparisons {
		vs := c.Variant + " − " + c.Baseline
		row("first player's share of decisive games", vs, c.FirstWins)
		for i, d := range c.SeatWins {
			row(s.Seats[i]+" wins", vs, d)
		}
		row("draws", vs, c.Draws)
		row("unfinished (of all games)", vs, c.Unfinished)
		ct.add("mean moves per game", vs, fmt.Sprintf("%+.2f", c.Moves[0]), fmt.Sprintf("[%+.2f, %+.2f]", c.Moves[1], c.Moves[2]), "", "")
	}
	return section{title: "Option comparison",
		text:   "Differences of proportions with Newcombe's hybrid score interval and a pooled two-proportion z test. Game i of every variant uses the same seed (common random numbers), which makes the unpaired test conservative.",
		tables: []*table{ct}, chart: func() (*plot.Plot, error) { return compareChart(s) }}
}

// lengthSection is the distributions of the games' lengths, and of their
// passes when there are any.
func lengthSection(s *Summary) section {
	lt := &table{head: []string{"variant", "measure", "mean", "sd", "min", "p5", "p25", "median", "p75", "p95", "max"}}
	for _, v := range s.Variants {
		for _, m := range []struct {
			name string
			d    Dist
		}{{"moves", v.Moves}, {"plies (all actions)", v.Plies}, {"chance outcomes", v.Rolls}, {"passes", v.Passes}} {
			if m.d.N == 0 || (m.name != "moves" && m.d.Max == 0) {
				continue
			}
			d := m.d
			f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
			q := func(x float64) string { return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64) }
			lt.add(label(v), m.name, fmt.Sprintf("%.1f", d.Mean), fmt.Sprintf("%.1f", d.SD), f(d.Min), q(d.Quantiles["p5"]),
				q(d.Quantiles["p25"]), q(d.Median), q(d.Quantiles["p75"]), q(d.Quantiles["p95"]), f(d.Max))
		}
	}
	ltext := "Moves are the players' decisions, chance outcomes and passes left out; quantiles interpolate between order statistics (type 7)."
	var hasPass bool
	for _, v := range s.Variants {
		if v.Passes.Max > 0 {
			hasPass = true
		}
	}
	tabs := []*table{lt}
	if hasPass {
		pt := &table{head: []string{"variant", "games with a pass (turn lost or move skipped)", "passes per game"}}
		for _, v := range s.Variants {
			pt.add(label(v), pct(v.PassGames), fmt.Sprintf("%.2f", v.Passes.Mean))
		}
		tabs = append(tabs, pt)
	}
	return section{title: "Game length", text: ltext, tables: tabs, chart: func() (*plot.Plot, error) { return lengthChart(s, label) }}
}

// reasonSection is the shares of the reasons the games ended for.
func reasonSection(s *Summary) section {
	rt := &table{head: []string{"variant", "reason", "kind", "games"}}
	for _, v := range s.Variants {
		for _, r := range v.Reasons {
			rt.add(label(v), r.Reason, r.Kind, pct(r.Count))
		}
	}
	return section{title: "Termination reasons", text: "Shares are of all games of the variant.", tables: []*table{rt}, chart: func() (*plot.Plot, error) { return reasonChart(s, label) }}
}

// played counts the games of every variant.
func (s *Summary) played() int {
	n := 0
	for _, v := range s.Variants {
		n += v.Games
	}
	return n
}

func sortedKeys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// heading writes the report's title line.
func heading(s *Summary) string {
	t := s.Title + " — balance study"
	if s.Compare != "" {
		t += ", " + s.Compare + " " + strings.Join(s.Values, " vs ")
	}
	return t
}

// Command writes the command line that runs the study.
func Command(p Plan) string {
	var b strings.Builder
	fmt.Fprintf(&b, "norns lab --game %s", p.Game)
	for _, k := range sortedKeys(p.Options) {
		fmt.Fprintf(&b, " --set %s=%s", k, p.Options[k])
	}
	if p.Compare != "" {
		fmt.Fprintf(&b, " --compare %s=%s", p.Compare, strings.Join(p.Values, ","))
	}
	fmt.Fprintf(&b, " --agents %s --games %d --seed %d", strings.Join(p.Agents, ","), p.Games, p.Seed)
	if p.MaxPlies != 5000 && p.MaxPlies != 0 {
		fmt.Fprintf(&b, " --max-plies %d", p.MaxPlies)
	}
	return b.String()
}

// Markdown writes the report as Markdown.
func Markdown(s *Summary) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", heading(s))
	if s.Shard == "" && s.played() < s.Games*len(s.Variants) {
		fmt.Fprintf(&b, "**Partial study: %d of %d games played.**\n\n", s.played(), s.Games*len(s.Variants))
	}
	fmt.Fprintf(&b, "Command: `%s --out DIR`\n\n", Command(s.Plan))
	for _, sec := range sections(s) {
		fmt.Fprintf(&b, "## %s\n\n", sec.title)
		if sec.text != "" {
			b.WriteString(sec.text + "\n\n")
		}
		for _, t := range sec.tables {
			t.markdown(&b)
		}
	}
	b.WriteString("Charts: report.html in this directory; `norns lab report DIR` writes it again from the games.\n")
	return b.String()
}

// HTML writes the report as a self-contained HTML page with the charts
// embedded as SVG.
func HTML(s *Summary) (string, error) {
	var b strings.Builder
	title := html.EscapeString(heading(s))
	fmt.Fprintf(&b, `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>%s</title>
<style>
body{font-family:system-ui,sans-serif;max-width:72em;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left}
th{background:#f3f3f3}code{background:#f3f3f3;padding:.1em .3em}figure{margin:1em 0}
</style></head><body>
<h1>%s</h1>
<p>Command: <code>%s --out DIR</code></p>
`, title, title, html.EscapeString(Command(s.Plan)))
	if s.Shard == "" && s.played() < s.Games*len(s.Variants) {
		fmt.Fprintf(&b, "<p><strong>Partial study: %d of %d games played.</strong></p>\n", s.played(), s.Games*len(s.Variants))
	}
	for _, sec := range sections(s) {
		fmt.Fprintf(&b, "<h2>%s</h2>\n", html.EscapeString(sec.title))
		if sec.text != "" {
			fmt.Fprintf(&b, "<p>%s</p>\n", html.EscapeString(sec.text))
		}
		for _, t := range sec.tables {
			t.html(&b)
		}
		if sec.chart != nil {
			p, err := sec.chart()
			if err != nil {
				return "", err
			}
			svg, err := SVG(p, 16*vg.Centimeter, 9*vg.Centimeter)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(&b, "<figure>%s</figure>\n", svg)
		}
	}
	b.WriteString("</body></html>\n")
	return b.String(), nil
}

// SVG draws a plot as SVG markup.
func SVG(p *plot.Plot, w, h vg.Length) (string, error) {
	wt, err := p.WriterTo(w, h, "svg")
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if _, err := wt.WriteTo(&buf); err != nil {
		return "", err
	}
	out := buf.String()
	// Drop the XML declaration: the markup is embedded in HTML.
	if i := strings.Index(out, "<svg"); i > 0 {
		out = out[i:]
	}
	return out, nil
}

// palette colours the series of a chart.
var palette = []color.Color{
	color.RGBA{0x1f, 0x77, 0xb4, 0xff}, color.RGBA{0xff, 0x7f, 0x0e, 0xff}, color.RGBA{0x2c, 0xa0, 0x2c, 0xff},
	color.RGBA{0xd6, 0x27, 0x28, 0xff}, color.RGBA{0x94, 0x67, 0xbd, 0xff}, color.RGBA{0x8c, 0x56, 0x4b, 0xff},
}

// intervalPoints is a series of points with asymmetric vertical error
// bars.
type intervalPoints struct {
	plotter.XYs
	lo, hi []float64
}

// YError returns the distances from point i down to its low end and up
// to its high end.
func (p intervalPoints) YError(i int) (float64, float64) {
	return p.XYs[i].Y - p.lo[i], p.hi[i] - p.XYs[i].Y
}

// addIntervals adds a series of points with interval bars at x positions
// xs + offset.
func addIntervals(p *plot.Plot, name string, c color.Color, xs []float64, offset float64, cs []Count) error {
	pts := intervalPoints{}
	for i, x := range xs {
		pts.XYs = append(pts.XYs, plotter.XY{X: x + offset, Y: 100 * cs[i].Rate})
		pts.lo = append(pts.lo, 100*cs[i].Lo)
		pts.hi = append(pts.hi, 100*cs[i].Hi)
	}
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return err
	}
	sc.GlyphStyle.Color = c
	sc.GlyphStyle.Shape = draw.CircleGlyph{}
	sc.GlyphStyle.Radius = vg.Points(3)
	eb, err := plotter.NewYErrorBars(pts)
	if err != nil {
		return err
	}
	eb.LineStyle.Color = c
	eb.LineStyle.Width = vg.Points(1.2)
	p.Add(eb, sc)
	if name != "" {
		p.Legend.Add(name, sc)
	}
	return nil
}

// offsets spreads n series around each category.
func offsets(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = (float64(i) - float64(n-1)/2) * 0.5 / float64(max(n, 2))
	}
	return out
}

func seatChart(s *Summary, label func(VariantResult) string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Wins per seat (95% Wilson intervals)"
	p.Y.Label.Text = "% of finished games"
	names := append(slices.Clone(s.Seats), "draw")
	p.NominalX(names...)
	xs := make([]float64, len(names))
	for i := range xs {
		xs[i] = float64(i)
	}
	off := offsets(len(s.Variants))
	for k, v := range s.Variants {
		var cs []Count
		for _, w := range v.Seats {
			cs = append(cs, w.Wins)
		}
		if len(v.Seats) > 0 {
			cs = append(cs, v.Seats[0].Draws)
		} else {
			cs = append(cs, Count{})
		}
		if err := addIntervals(p, label(v), palette[k%len(palette)], xs, off[k], cs); err != nil {
			return nil, err
		}
	}
	p.Y.Min, p.Y.Max = 0, 100
	p.X.Min, p.X.Max = -0.5, float64(len(names))-0.5
	p.Legend.Top = true
	return p, nil
}

func firstChart(s *Summary, label func(VariantResult) string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "First player's share of decisive games (95% intervals)"
	p.Y.Label.Text = "%"
	var names []string
	var xs []float64
	var cs []Count
	for i, v := range s.Variants {
		names = append(names, label(v))
		xs = append(xs, float64(i))
		cs = append(cs, v.First.DecisiveWins)
	}
	p.NominalX(names...)
	if err := addIntervals(p, "", palette[0], xs, 0, cs); err != nil {
		return nil, err
	}
	if len(s.Variants) > 0 {
		fair := 100 * s.Variants[0].First.Fair
		l, err := plotter.NewLine(plotter.XYs{{X: -0.5, Y: fair}, {X: float64(len(names)) - 0.5, Y: fair}})
		if err != nil {
			return nil, err
		}
		l.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		l.LineStyle.Color = color.Gray{0x80}
		p.Add(l)
		p.Legend.Add("no advantage", l)
	}
	// Zoom on the intervals and the fair share.
	lo, hi := 100.0, 0.0
	for _, c := range cs {
		lo, hi = min(lo, 100*c.Lo), max(hi, 100*c.Hi)
	}
	if len(s.Variants) > 0 {
		lo, hi = min(lo, 100*s.Variants[0].First.Fair), max(hi, 100*s.Variants[0].First.Fair)
	}
	p.Y.Min, p.Y.Max = max(0, lo-5), min(100, hi+5)
	p.X.Min, p.X.Max = -0.5, float64(len(names))-0.5
	p.Legend.Top = true
	return p, nil
}

func compareChart(s *Summary) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Differences from " + s.Compare + "=" + s.Values[0] + " (95% intervals)"
	p.Y.Label.Text = "percentage points"
	names := []string{"first player (decisive)"}
	for _, seat := range s.Seats {
		names = append(names, seat+" wins")
	}
	names = append(names, "draws", "unfinished")
	p.NominalX(names...)
	xs := make([]float64, len(names))
	for i := range xs {
		xs[i] = float64(i)
	}
	off := offsets(len(s.Comparisons))
	lo, hi := 0.0, 0.0
	for k, c := range s.Comparisons {
		ds := append([]Diff{c.FirstWins}, c.SeatWins...)
		ds = append(ds, c.Draws, c.Unfinished)
		var cs []Count
		for _, d := range ds {
			cs = append(cs, Count{Rate: d.D, Lo: d.Lo, Hi: d.Hi})
			lo, hi = min(lo, 100*d.Lo), max(hi, 100*d.Hi)
		}
		if err := addIntervals(p, c.Variant, palette[k%len(palette)], xs, off[k], cs); err != nil {
			return nil, err
		}
	}
	zero, err := plotter.NewLine(plotter.XYs{{X: -0.5, Y: 0}, {X: float64(len(names)) - 0.5, Y: 0}})
	if err != nil {
		return nil, err
	}
	zero.LineStyle.Color = color.Gray{0x80}
	p.Add(zero)
	p.Y.Min, p.Y.Max = lo-2, hi+2
	p.X.Min, p.X.Max = -0.5, float64(len(names))-0.5
	p.Legend.Top = true
	return p, nil
}

func lengthChart(s *Summary, label func(VariantResult) string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Game length"
	p.X.Label.Text = "moves per game"
	p.Y.Label.Text = "% of games"
	for k, v := range s.Variants {
		h := v.Moves.Histogram
		if v.Moves.N == 0 {
			continue
		}
		hist := &plotter.Histogram{Width: h.Width}
		for i, n := range h.Counts {
			lo := h.Start + float64(i)*h.Width
			hist.Bins = append(hist.Bins, plotter.HistogramBin{Min: lo, Max: lo + h.Width, Weight: 100 * float64(n) / float64(v.Moves.N)})
		}
		c := palette[k%len(palette)].(color.RGBA)
		fill := color.NRGBA{c.R, c.G, c.B, 0xff}
		if len(s.Variants) > 1 {
			fill.A = 0x60
		}
		hist.FillColor = fill
		hist.LineStyle.Width = vg.Points(0.5)
		hist.LineStyle.Color = palette[k%len(palette)]
		p.Add(hist)
		p.Legend.Add(label(v), hist)
	}
	p.Legend.Top = true
	return p, nil
}

func reasonChart(s *Summary, label func(VariantResult) string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Termination reasons (95% intervals)"
	p.Y.Label.Text = "% of games"
	var names []string
	for _, v := range s.Variants {
		for _, r := range v.Reasons {
			if !slices.Contains(names, r.Reason) {
				names = append(names, r.Reason)
			}
		}
	}
	if len(names) == 0 {
		names = []string{"none"}
	}
	p.NominalX(names...)
	xs := make([]float64, len(names))
	for i := range xs {
		xs[i] = float64(i)
	}
	off := offsets(len(s.Variants))
	for k, v := range s.Variants {
		cs := make([]Count, len(names))
		for i, n := range names {
			cs[i] = count(0, v.Games)
			for _, r := range v.Reasons {
				if r.Reason == n {
					cs[i] = r.Count
				}
			}
		}
		if err := addIntervals(p, label(v), palette[k%len(palette)], xs, off[k], cs); err != nil {
			return nil, err
		}
	}
	p.Y.Min, p.Y.Max = 0, 100
	p.X.Min, p.X.Max = -0.5, float64(len(names))-0.5
	p.Legend.Top = true
	return p, nil
}
